// The REST calls of SPEC.md section 7. Transport only: validate, authenticate, hand a command to
// the lobby service, shape the answer.
import { Elysia } from "elysia";
import type { QuestionCatalog } from "../ai/providers";
import { lobbyView } from "../game/views";
import { exportGame, gameCsv } from "../results/export";
import { normalizeCode } from "../lobbies/codes";
import type { LobbyService } from "../lobbies/service";
import { accepted, ApiError, readBody } from "./errors";
import { originAllowed } from "./origin";
import { questionRoutes } from "./question-routes";
import type { RateLimiter } from "./rate-limit";
import { code as codeSchema, codeBody, createBody, joinBody, overruleBody, playerBody, settingsBody, submitBody, teamSelectBody } from "./schemas";
import type { Claims, Tokens } from "./tokens";

export interface ApiDeps {
  service: LobbyService;
  catalog: QuestionCatalog;
  tokens: Tokens;
  limiter: RateLimiter;
  allowedOrigins: readonly string[];
  clientIp: (request: Request) => string;
}

export function lobbyRoutes({ service, catalog, tokens, limiter, allowedOrigins, clientIp }: ApiDeps) {
  /** The bearer's claims, if the token is genuine and its player still holds a seat. */
  async function authenticate(request: Request): Promise<Claims> {
    const header = request.headers.get("authorization") ?? "";
    const claims = await tokens.verify(header.startsWith("Bearer ") ? header.slice(7).trim() : null);
    if (!claims) throw new ApiError(401, "Invalid or expired session");
    // A genuine token whose lobby or seat is gone: the page says which when it sends the player home.
    if (!service.get(claims.lobby)) throw new ApiError(401, "This lobby has ended");
    if (!service.seated(claims.lobby, claims.sub)) throw new ApiError(401, "You are no longer in this lobby");
    return claims;
  }

  function limit(request: Request): void {
    if (!limiter.allow(clientIp(request))) throw new ApiError(429, "Too many requests, slow down");
  }

  async function issue(lobbyCode: string, playerId: string) {
    const state = service.get(lobbyCode)!;
    const player = state.players.find((p) => p.id === playerId)!;
    const token = await tokens.sign({ lobby: state.code, sub: playerId, name: player.name, isHost: player.isHost });
    return { token, lobby: lobbyView(state) };
  }

  /** A body's lobby code, when given, must be the token's lobby. */
  const sameLobby = (claims: Claims, code?: string) => {
    if (code && normalizeCode(code) !== claims.lobby) throw new ApiError(401, "Session is for another lobby");
  };

  return new Elysia({ prefix: "/api/lobby" })
    .onBeforeHandle(({ request }) => {
      if (request.method !== "GET" && !originAllowed(request, allowedOrigins)) throw new ApiError(403, "Cross-site request refused");
    })
    .use(questionRoutes({ service, catalog, authenticate }))
    .post("/create", async ({ request }) => {
      limit(request);
      const body = await readBody(request, createBody);
      const created = accepted(service.create(body.playerName));
      return { success: true, message: "Lobby created", ...(await issue(created.state.code, created.playerId)) };
    })
    .post("/join", async ({ request }) => {
      limit(request);
      const body = await readBody(request, joinBody);
      const playerId = crypto.randomUUID();
      const outcome = accepted(service.dispatch(body.code, { type: "join", playerId, name: body.playerName }));
      return { success: true, message: "Joined lobby", ...(await issue(outcome.state.code, playerId)) };
    })
    .get("/:code", async ({ request, params }) => {
      if (!codeSchema.safeParse(params.code).success) throw new ApiError(400, "Code must be 4 letters or digits");
      const code = normalizeCode(params.code);
      if (request.headers.has("authorization")) {
        const claims = await authenticate(request);
        sameLobby(claims, code);
      }
      const state = service.get(code);
      if (!state) throw new ApiError(404, "Lobby not found");
      return { success: true, data: lobbyView(state) };
    })
    .get("/:code/results/:format", ({ params }) => {
      // A finished game's results, for anyone in the room to keep; nothing in them is secret by now.
      if (!codeSchema.safeParse(params.code).success) throw new ApiError(400, "Code must be 4 letters or digits");
      if (params.format !== "csv" && params.format !== "json") throw new ApiError(404, "Results come as csv or json");
      const state = service.get(normalizeCode(params.code));
      if (!state) throw new ApiError(404, "Lobby not found");
      if (state.game?.phase !== "complete") throw new ApiError(409, "The game is not over yet");
      const game = exportGame(state.code, state.game);
      const file = `stealmate-${state.code}-results.${params.format}`;
      const body = params.format === "csv" ? gameCsv(game) : JSON.stringify(game, null, 2);
      const type = params.format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8";
      return new Response(body, { headers: { "content-type": type, "content-disposition": `attachment; filename="${file}"`, "cache-control": "no-store" } });
    })
    .post("/leave", async ({ request }) => {
      const claims = await authenticate(request);
      accepted(service.dispatch(claims.lobby, { type: "leave", playerId: claims.sub }));
      return { success: true, message: "Left lobby" };
    })
    .post("/start", async ({ request }) => {
      const claims = await authenticate(request);
      const outcome = accepted(await service.startGame(claims.lobby, claims.sub));
      return { success: true, message: "Game started", lobby: lobbyView(outcome.state) };
    })
    .post("/end", async ({ request }) => {
      const claims = await authenticate(request);
      accepted(service.dispatch(claims.lobby, { type: "endLobby", by: claims.sub }));
      return { success: true, message: "Lobby ended" };
    })
    .post("/teamSelect", async ({ request }) => {
      const claims = await authenticate(request);
      const body = await readBody(request, teamSelectBody);
      const outcome = accepted(service.dispatch(claims.lobby, { type: "teamSelect", playerId: claims.sub, team: body.team, isCaptain: body.isCaptain }));
      return { success: true, message: "Team updated", lobby: lobbyView(outcome.state) };
    })
    .post("/updateSettings", async ({ request }) => {
      const claims = await authenticate(request);
      const body = await readBody(request, settingsBody);
      const outcome = accepted(service.dispatch(claims.lobby, { type: "updateSettings", by: claims.sub, settings: body.settings }));
      return { success: true, message: "Settings updated", settings: outcome.state.settings };
    })
    .post("/kickPlayer", async ({ request }) => {
      const claims = await authenticate(request);
      const body = await readBody(request, playerBody);
      accepted(service.dispatch(claims.lobby, { type: "kick", by: claims.sub, playerId: body.playerId }));
      return { success: true, message: "Player kicked" };
    })
    .post("/startRound", async ({ request }) => {
      const claims = await authenticate(request);
      const body = await readBody(request, codeBody);
      sameLobby(claims, body.code);
      const outcome = accepted(service.dispatch(claims.lobby, { type: "startRound", by: claims.sub }));
      return { success: true, roundNumber: outcome.state.game!.currentRoundNumber, endsAt: outcome.state.game!.currentRound!.endsAt };
    })
    .post("/submitAnswer", async ({ request }) => {
      const claims = await authenticate(request);
      const body = await readBody(request, submitBody);
      sameLobby(claims, body.code);
      if (body.playerId && body.playerId !== claims.sub) throw new ApiError(403, "You can only answer as yourself");
      // The body arrived after authentication: the lobby may have ended, or the player left, meanwhile.
      const state = service.get(claims.lobby);
      if (!state) throw new ApiError(404, "Lobby not found");
      const player = state.players.find((p) => p.id === claims.sub);
      if (!player) throw new ApiError(404, "Player not found");
      const team = body.team ?? player.team;
      accepted(service.dispatch(claims.lobby, { type: "submit", playerId: claims.sub, team, roundNumber: body.roundNumber, answer: body.answer, isSteal: body.isSteal }));
      return { success: true, message: "Answer locked" };
    })
    .post("/overrule", async ({ request }) => {
      const claims = await authenticate(request);
      const body = await readBody(request, overruleBody);
      accepted(service.dispatch(claims.lobby, { type: "overrule", by: claims.sub, ...body }));
      return { success: true, message: "Ruling changed" };
    })
    .post("/transferHost", async ({ request }) => {
      const claims = await authenticate(request);
      const body = await readBody(request, playerBody);
      accepted(service.dispatch(claims.lobby, { type: "transferHost", by: claims.sub, playerId: body.playerId }));
      return { success: true, message: "Host handed over" };
    })
    .post("/returnToLobby", async ({ request }) => {
      const claims = await authenticate(request);
      accepted(service.dispatch(claims.lobby, { type: "returnToLobby", by: claims.sub }));
      return { success: true, message: "Returned to lobby" };
    });
}
