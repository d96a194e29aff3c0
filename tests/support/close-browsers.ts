// Preloaded into every `bun test` process (bunfig.toml): after its last test, the Chromium its files
// shared (tests/support/browser.ts) is closed, so no browser outlives the run.
import { afterAll } from "bun:test";
import { closeSharedChromium } from "./browser";

afterAll(closeSharedChromium);
