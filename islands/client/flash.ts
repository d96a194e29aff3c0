// A message that outlives a navigation: why the page sent the player home (kicked, lobby ended,
// seat gone). The next page shows it once.
/** Exported for the invite page's loader (entries/invite.ts), which looks without taking. */
export const FLASH_KEY = "stealmate:flash";

export function setFlash(message: string): void {
  try {
    sessionStorage.setItem(FLASH_KEY, message);
  } catch {
    // Private modes may refuse storage; the player still lands on the home page.
  }
}

export function takeFlash(): string | null {
  try {
    const message = sessionStorage.getItem(FLASH_KEY);
    sessionStorage.removeItem(FLASH_KEY);
    return message;
  } catch {
    return null;
  }
}
