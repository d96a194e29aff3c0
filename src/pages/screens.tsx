// Every page's HTML, with what it needs and a quiet server does not: React's server renderer, the
// page components and the islands they mark. Loaded at the first page asked for (load-screens.ts),
// which saves the idle server their memory (docs/bench.md "Idle RSS, module by module").
import type { Invite } from "../../islands/InviteJoin";
import type { PageData } from "../../islands/client/store";
import type { Manifest } from "./build";
import { Game } from "./Game";
import { Home } from "./Home";
import { Lobby } from "./Lobby";
import { Moving } from "./Moving";
import { renderPage, renderPageOnce, type RenderedPage } from "./render";
import { TooMany } from "./TooMany";
import { Tv, TvNotFound, TvRefused } from "./Tv";

export { refusedHost } from "./UnknownHost";
export { MOVING_RETRY_S } from "./Moving";

/** A lobby's page, or the home page, in `entry`'s bundle; `origin`: the address its join QR code shows. */
export function statePage(manifest: Manifest | null, data: PageData, origin: string, entry: keyof Manifest): RenderedPage {
  const name = data.page;
  const body = name === "home" ? <Home /> : name === "lobby" ? <Lobby origin={origin} /> : name === "tv" ? <Tv origin={origin} /> : <Game />;
  return renderPageOnce(manifest, data, body, entry);
}

/** The invite link's page: the join form for that lobby, or why there is none (docs/pages.md "Home"). */
export const invitePage = (manifest: Manifest | null, data: PageData, invite: Invite) => renderPage(manifest, data, <Home invite={invite} />, "invite");

/** The pages with no script, for answers that end there. */
export const plainPages = {
  moving: (data: PageData, message: string) => renderPage(null, data, <Moving message={message} />),
  tooMany: (data: PageData) => renderPage(null, data, <TooMany />),
  tvRefused: (data: PageData) => renderPage(null, data, <TvRefused />),
  tvNotFound: (data: PageData) => renderPage(null, data, <TvNotFound code={data.code ?? ""} />),
};
export type PlainPages = typeof plainPages;
