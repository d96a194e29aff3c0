// The soak's long cases in real Chromium (docs/soak.md "Long cases"): a phone offline for three minutes
// mid-round catches up without a reload, as tests/e2e/resilience.e2e.test.ts checks for 20 and 60 s.
// Not a `*.test.ts` file, so `bun test` leaves it out; `bun run soak` runs it by its path.
import { offlinePhoneCases, useStayingSuite } from "../support/staying";

// Its screenshots go to a folder of their own, beside the 20 s case's.
offlinePhoneCases(useStayingSuite("soak"), [180]);
