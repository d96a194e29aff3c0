// docs/pages.md "Lobby": clicking a link to a lobby page while holding a token first leaves the held lobby and
// drops the token, so the player arrives at the new lobby as a newcomer instead of a ghost seat.
import { api } from "./api";
import { go } from "./navigate";
import { clearSession, storedCode, storedToken } from "./token";

export function installLobbyLinks(doc: Document = document): void {
  doc.addEventListener("click", (event) => {
    // Modified and non-primary clicks open another tab; this page keeps its seat then.
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = event.target as Element | null;
    const link = target?.closest?.<HTMLAnchorElement>('a[href^="/lobby/"]');
    const href = link?.getAttribute("href");
    // The link back to the seat this device holds (held-seat.tsx) keeps it, of course.
    if (!href || !storedToken() || href === `/lobby/${storedCode()}`) return;
    event.preventDefault();
    void api("POST", "/api/lobby/leave").then(() => {
      clearSession();
      go(href);
    });
  });
}
