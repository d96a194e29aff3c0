// The invite page's script (docs/pages.md "Home"). Its join form works without JavaScript, so on a
// weak link the page's full bundle (React and the islands, about 75 KB gzip) would only take the
// bandwidth the guest's join needs. This small script loads it when something wants it: a seat this
// device already holds (the way back to it), a notice waiting to be shown, the host card opened, or a
// guest who has stopped typing for a while, whose form the islands then take over (keeping what was
// typed). A guest who types a name and joins at once never waits for it.
// It is bundled on its own (src/pages/build.ts): the storage keys it imports are inlined.
import { FLASH_KEY } from "../flash";
import { TOKEN_KEY } from "../token";

/** The home page's bundle, named at build time. */
declare const HOME_ISLANDS: string;

/** How long the page waits, after the last keystroke (or the page's start), before loading the islands. */
const IDLE_MS = 3_000;

let loading = false;
let idle: ReturnType<typeof setTimeout> | undefined;
const load = () => {
  clearTimeout(idle);
  if (loading) return;
  loading = true;
  void import(HOME_ISLANDS);
};
const later = () => {
  clearTimeout(idle);
  if (!loading) idle = setTimeout(load, IDLE_MS);
};

/** A seat this device holds, or a notice waiting: private modes may refuse storage, which is neither. */
function wanted(): boolean {
  try {
    return localStorage.getItem(TOKEN_KEY) !== null || sessionStorage.getItem(FLASH_KEY) !== null;
  } catch {
    return false;
  }
}

if (wanted()) load();
else {
  later();
  document.addEventListener("input", later);
  document.querySelector("details")?.addEventListener("toggle", load, { once: true });
  // The form is on its way without the islands: nothing more to fetch on this page.
  document.addEventListener("submit", () => clearTimeout(idle));
}
