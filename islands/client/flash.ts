// A message that outlives a navigation: why the page sent the player home (kicked, lobby ended,
// seat gone). The next page shows it once.
const KEY = "stealmate:flash";

export function setFlash(message: string): void {
  try {
    sessionStorage.setItem(KEY, message);
  } catch {
    // Private modes may refuse storage; the player still lands on the home page.
  }
}

export function takeFlash(): string | null {
  try {
    const message = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return message;
  } catch {
    return null;
  }
}
