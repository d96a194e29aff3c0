// Server-rendered pages: the real lobby or game is in the first paint, before any script runs.
import { Elysia } from "elysia";
import { lobbyView } from "../game/views";
import { pageCodeSchema } from "../game/schemas";
import type { Refusal } from "../game/commands";
import type { Located, LobbyService } from "../lobbies/service";
import { modeOf, paired, type LobbyState } from "../game/types";
import type { PageData, PageName } from "../../islands/client/store";
import type { Manifest } from "./build";
import type { PlainPages } from "./screens";
import type { Invite } from "../../islands/InviteJoin";
import { joinFormRoute, type JoinFormDeps } from "./join-form";
import { then, withScreens } from "./load-screens";
import { htmlResponse, PreparedPage, serveBundle, serveKeepAwake, serveLogo } from "./static";

export interface PageDeps {
  service: LobbyService;
  manifest: Manifest | null;
  now: () => number;
  /** the address's budget of code look-ups, which every page of a code counts against */
  lookupAllowed: (request: Request) => boolean;
  /** the address a phone can open for a page asked this way (src/addresses.ts), put in its join QR code and links */
  shownOrigin: (request: Request) => string;
  /** what the invite page's form needs besides its page (join-form.ts) */
  joinForm: Omit<JoinFormDeps, "invitePage">;
}

export function pageRoutes({ service, manifest, now, lookupAllowed, shownOrigin, joinForm }: PageDeps) {
  // A lobby's state is replaced, never changed, on every command, so a page rendered from one state
  // object is that state's page for as long as it lives: a room of players loading the same lobby
  // (joining, or all sent back from a game at once) costs one render and one compression. Pages
  // whose paint reads the clock (the round countdown) are rendered for each request.
  // Keyed by page and shown origin too: the join QR code holds the address phones are told to open.
  const rendered = new WeakMap<LobbyState, Map<string, PreparedPage>>();
  let home: PreparedPage | null = null;

  /** `code`: as pageCodeSchema reads it; `state`: that lobby's, when there is one */
  const page = (name: PageName, request: Request, code: string | null, state: LobbyState | null) => {
    const acceptEncoding = request.headers.get("accept-encoding") ?? "";
    const origin = shownOrigin(request);
    const key = `${name} ${origin}`;
    const cached = state ? rendered.get(state)?.get(key) : name === "home" ? home : null;
    if (cached) return htmlResponse(cached, acceptEncoding);
    // A Duels or Tournament lobby's pages load their own bundles (docs/decisions.md "Duels").
    const entry = state && paired(state) && name !== "home" ? (`${modeOf(state) === "tournament" ? "tournament" : "duel"}-${name}` as const) : name;
    return withScreens(({ statePage }) => {
      // The clock is read as the page is rendered: after the first page's wait for the screens, too.
      const data: PageData = { page: name, code, lobby: state ? lobbyView(state) : null, now: now() };
      const { html, timed } = statePage(manifest, data, origin, entry);
      const prepared = new PreparedPage(html);
      // Pages of codes that name no lobby are not kept: anyone could ask for any number of them.
      if (!timed && state) rendered.set(state, (rendered.get(state) ?? new Map()).set(key, prepared));
      else if (!timed && name === "home") home = prepared;
      return htmlResponse(prepared, acceptEncoding);
    });
  };
  // A page with no script, for answers that end here.
  const plain = (name: PageName, request: Request, code: string, status: number, which: Exclude<keyof PlainPages, "moving">) =>
    withScreens(({ plainPages }) => htmlResponse(plainPages[which]({ page: name, code, lobby: null, now: now() }), request.headers.get("accept-encoding") ?? "", status));
  /**
   * A page of a lobby, served with the lobby's state (null when there is no such lobby) once it is
   * found wherever it lives: at once, unless a cluster node must take it over first (docs/cluster.md
   * "Owning a lobby"). One it cannot have yet is said to be on its way, and asked for again shortly.
   * The busiest path there is: on one machine it stays synchronous.
   */
  const located = (name: PageName, request: Request, code: string, serve: (state: LobbyState | null) => Response | Promise<Response>) => {
    const answer = (found: Located | Refusal) => {
      if (found.ok) return serve(found.state);
      if (found.kind === "notFound") return serve(null);
      const { message } = found;
      return withScreens(({ plainPages, MOVING_RETRY_S }) => {
        const response = htmlResponse(plainPages.moving({ page: name, code, lobby: null, now: now() }, message), request.headers.get("accept-encoding") ?? "", 503);
        response.headers.set("refresh", String(MOVING_RETRY_S));
        return response;
      });
    };
    const found = service.locate(code);
    return then(found, answer);
  };
  /** A player's page of a code (as pageCodeSchema reads it), once the address may look one more up. */
  const playerPage = (name: "lobby" | "game", request: Request, code: string) =>
    lookupAllowed(request) ? located(name, request, code, (state) => page(name, request, code, state)) : plain(name, request, code, 429, "tooMany");
  /**
   * The invite link's page (/?join=CODE): the join form for that lobby, or why there is none, in the
   * first HTML (docs/pages.md "Home"); with what the form answered when it is one (join-form.ts).
   */
  const invitePage = (request: Request, code: string, state: LobbyState | null, answer: Omit<Invite, "code" | "status"> = {}, status = 200) => {
    const invite: Invite = { code, status: !state ? "missing" : state.locked ? "locked" : "open", ...answer };
    // Its script loads the islands only when wanted (islands/client/entries/invite.ts).
    return withScreens((screens) => htmlResponse(screens.invitePage(manifest, { page: "home", code: null, lobby: null, now: now() }, invite), request.headers.get("accept-encoding") ?? "", status));
  };
  // Unlike the players' pages (whose scripts send a stranger home), a screen for a lobby that is not
  // there says so at once.
  const tvPage = (request: Request, code: string, state: LobbyState | null) => (state ? page("tv", request, code, state) : plain("tv", request, code, 404, "tvNotFound"));
  return new Elysia()
    .get("/", ({ request }) => {
      const join = new URL(request.url).searchParams.get("join");
      if (join === null) return page("home", request, null, null);
      const code = pageCodeSchema.parse(join);
      return lookupAllowed(request) ? located("home", request, code, (state) => invitePage(request, code, state)) : plain("home", request, code, 429, "tooMany");
    })
    .use(joinFormRoute({ ...joinForm, invitePage: (request, code, answer, status) => located("home", request, code, (state) => invitePage(request, code, state, answer, status)) }))
    .get("/lobby/:code", ({ request, params }) => playerPage("lobby", request, pageCodeSchema.parse(params.code)))
    .get("/game/:code", ({ request, params }) => playerPage("game", request, pageCodeSchema.parse(params.code)))
    .get("/tv/:code", ({ request, params }) => {
      const code = pageCodeSchema.parse(params.code);
      if (!lookupAllowed(request)) return plain("tv", request, code, 429, "tvRefused");
      return located("tv", request, code, (state) => tvPage(request, code, state));
    })
    .get("/build/:file", ({ request, params }) => serveBundle(params.file, request.headers.get("accept-encoding") ?? ""))
    .get("/logo.svg", () => serveLogo())
    .get("/keep-awake.webm", () => serveKeepAwake("webm"))
    .get("/keep-awake.mp4", () => serveKeepAwake("mp4"));
}
