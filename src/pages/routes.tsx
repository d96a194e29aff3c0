// Server-rendered pages: the real lobby or game is in the first paint, before any script runs.
import { Elysia } from "elysia";
import { lobbyView } from "../game/views";
import { normalizeCode } from "../lobbies/codes";
import type { LobbyService } from "../lobbies/service";
import type { PageData, PageName } from "../../islands/client/store";
import type { Manifest } from "./build";
import { Game } from "./Game";
import { Home } from "./Home";
import { Lobby } from "./Lobby";
import { renderPage } from "./render";
import { htmlResponse, serveBundle, serveLogo } from "./static";

export function pageRoutes(service: LobbyService, manifest: Manifest | null, now: () => number) {
  const page = (name: PageName, request: Request, rawCode: string | null) => {
    const code = rawCode === null ? null : normalizeCode(rawCode).slice(0, 8);
    const state = code ? service.get(code) : undefined;
    const data: PageData = { page: name, code, lobby: state ? lobbyView(state) : null, now: now() };
    const body = name === "home" ? <Home /> : name === "lobby" ? <Lobby /> : <Game />;
    return htmlResponse(renderPage(manifest, data, body), request.headers.get("accept-encoding") ?? "");
  };
  return new Elysia()
    .get("/", ({ request }) => page("home", request, null))
    .get("/lobby/:code", ({ request, params }) => page("lobby", request, params.code))
    .get("/game/:code", ({ request, params }) => page("game", request, params.code))
    .get("/build/:file", ({ request, params }) => serveBundle(params.file, request.headers.get("accept-encoding") ?? ""))
    .get("/logo.svg", () => serveLogo());
}
