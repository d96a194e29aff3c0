// When the page tries to reconnect (docs/pages.md "Staying connected"): the first five
// attempts, 1 s doubling up to 5 s, then every 10 s for as long as the page is open; and at once
// whenever the device says it may be reachable again (network back, screen unlocked, page restored).
export const CONNECT_TIMEOUT_MS = 10_000;
export const FIRST_ATTEMPTS = 5;
const FIRST_DELAY_MS = 1_000;
const FIRST_DELAY_MAX_MS = 5_000;
export const LATER_DELAY_MS = 10_000;

/**
 * The wait before attempt `n` (1-based). A little jitter within those bounds spreads a room of
 * phones that lost the same server, so they do not all knock at the same instant.
 */
export function retryDelay(n: number, random: () => number = Math.random): number {
  if (n > FIRST_ATTEMPTS) return LATER_DELAY_MS;
  const base = Math.min(FIRST_DELAY_MAX_MS, FIRST_DELAY_MS * 2 ** (n - 1));
  return Math.round(Math.min(FIRST_DELAY_MAX_MS, Math.max(FIRST_DELAY_MS, base * (0.8 + 0.4 * random()))));
}

/** Calls `fn` when the network comes back, the page becomes visible, or it is restored from the back/forward cache. */
export function onWakeUp(fn: (why: "online" | "visible" | "pageshow") => void, win: Window = window): () => void {
  const online = () => fn("online");
  const visible = () => {
    if (win.document.visibilityState === "visible") fn("visible");
  };
  const shown = () => fn("pageshow");
  win.addEventListener("online", online);
  win.document.addEventListener("visibilitychange", visible);
  win.addEventListener("pageshow", shown);
  return () => {
    win.removeEventListener("online", online);
    win.document.removeEventListener("visibilitychange", visible);
    win.removeEventListener("pageshow", shown);
  };
}
