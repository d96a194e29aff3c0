// The phones the page benches load pages on (bench/pages.ts, bench/first-minute.ts): a phone-sized
// viewport, and Chrome's CPU and network emulation over CDP, set on a page before it navigates. Each
// load gets a fresh browser context, so its cache is empty.
import type { BrowserContext, Page } from "playwright-core";

/** A phone-sized viewport (Lighthouse's Moto G Power). */
export const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

export interface Throttle {
  /** Chrome's CPU slowdown factor (`Emulation.setCPUThrottlingRate`) */
  cpu: number;
  network: { name: string; latencyMs: number; downloadBitsPerSecond: number; uploadBitsPerSecond: number };
}

/** `throttle`'s emulation as a line of a results table. */
export const describeThrottle = ({ cpu, network }: Throttle): string =>
  `${cpu}x CPU slowdown, ${network.name} (${network.latencyMs} ms latency, ${network.downloadBitsPerSecond / 1e3} kbit/s down, ${network.uploadBitsPerSecond / 1e3} kbit/s up), ${PHONE.viewport.width}x${PHONE.viewport.height} phone`;

/** Slows `page` (before its first navigation) to the phone `throttle` describes; it stays so across navigations. */
export async function throttle(context: BrowserContext, page: Page, { cpu, network }: Throttle): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: network.latencyMs,
    downloadThroughput: network.downloadBitsPerSecond / 8,
    uploadThroughput: network.uploadBitsPerSecond / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
}
