// Preloaded into the socket.io-on-Bun reference when the bench times lines (BENCH_TIMING=1): the
// event loop's lateness over the window SIGUSR2 opens and closes, as Stealmate's own probe reports
// it (src/realtime/line-timing.ts). The reference has no stages of its own to time.
import { enableLineTiming } from "../../src/realtime/line-timing";

enableLineTiming((line) => console.error(line));
