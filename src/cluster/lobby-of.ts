// The lobby a request is about, read as HAProxy reads it to route it (docs/cluster.md "Routing"):
// the code in the path, else the `lobby` parameter. Route words such as "join" and "lock" are never
// codes: codes are drawn from an alphabet without I, L, O, 0 and 1.
import { CODE_ALPHABET } from "../lobbies/codes";
import { CODE_LENGTH } from "../game/settings";

const CODE = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);
const PAGES = new Set(["lobby", "game", "tv"]);

export function lobbyOf(url: URL): string | null {
  const parts = url.pathname.split("/");
  const inPath = PAGES.has(parts[1] ?? "") ? parts[2] : parts[1] === "api" && parts[2] === "lobby" ? parts[3] : undefined;
  for (const candidate of [inPath, url.searchParams.get("lobby")]) {
    const code = candidate?.toUpperCase();
    if (code && CODE.test(code)) return code;
  }
  return null;
}
