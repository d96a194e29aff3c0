// Debian's Chromium driven by playwright-core: never a downloaded browser, always these flags.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";

export const CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/** `extraArgs`: more Chromium switches, such as a host resolver rule that maps a LAN name here. */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", headless: true, args: [...CHROMIUM_FLAGS, ...extraArgs] });
}

/** Where the suites write screenshots (in `folder` under it, when given); printed so a person can look. */
export function screenshotDir(folder = ""): string {
  const dir = join(import.meta.dir, "../../test-artifacts/screens", folder);
  mkdirSync(dir, { recursive: true });
  return dir;
}
