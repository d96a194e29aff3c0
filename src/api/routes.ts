// The REST calls of SPEC.md section 7. Transport only: validate, authenticate, hand a command to
// the lobby service, shape the answer. Here: the calls anyone may make, and the order every call is
// checked in (Elysia's lifecycle: parse, transform, validate, handle): the origin first, then the
// rate limit or the session, then the body.
import { Elysia } from "elysia";
import type { QuestionCatalog } from "../ai/providers";
import { lobbyView } from "../game/views";
import { exportGame, gameCsv } from "../results/export";
import { normalizeCode } from "../lobbies/codes";
import type { LobbyService } from "../lobbies/service";
import { answers } from "./answers";
import { accepted, ApiError } from "./errors";
import { jsonBody, MAX_BODY_BYTES } from "./json-body";
import { originAllowed } from "./origin";
import { playerRoutes } from "./player-routes";
import { questionRoutes } from "./question-routes";
import type { Budgets } from "./rate-limit";
import { codeParams, createBody, joinBody, resultsParams } from "./schemas";
import { authenticator, sameLobby } from "./session";
import type { Tokens } from "./tokens";

export interface ApiDeps {
  service: LobbyService;
  catalog: QuestionCatalog;
  tokens: Tokens;
  budgets: Budgets;
  allowedOrigins: readonly string[];
  clientIp: (request: Request) => string;
}

export function lobbyRoutes({ service, catalog, tokens, budgets, allowedOrigins, clientIp }: ApiDeps) {
  const authenticate = authenticator(tokens, service);

  /** One call against an address's budget (rate-limit.ts Budgets). */
  const within =
    (budget: keyof Budgets, message = "Too many requests, slow down") =>
    ({ request }: { request: Request }): void => {
      if (!budgets[budget].allow(clientIp(request))) throw new ApiError(429, message);
    };
  const limit = within("joins");
  const createLimit = (ctx: { request: Request }) => {
    limit(ctx);
    within("lobbies", "Too many lobbies created from this address this hour, try again later")(ctx);
  };

  async function issue(lobbyCode: string, playerId: string) {
    const state = service.get(lobbyCode)!;
    const player = state.players.find((p) => p.id === playerId)!;
    const token = await tokens.sign({ lobby: state.code, sub: playerId, name: player.name, isHost: player.isHost });
    return { token, lobby: lobbyView(state) };
  }

  return new Elysia({ prefix: "/api/lobby" })
    .onTransform(({ request }) => {
      if (request.method !== "GET" && !originAllowed(request, allowedOrigins)) throw new ApiError(403, "Cross-site request refused");
    })
    .use(jsonBody)
    .post(
      "/create",
      async ({ body }) => {
        const created = accepted(service.create(body.playerName));
        return { success: true as const, message: "Lobby created", ...(await issue(created.state.code, created.playerId)) };
      },
      { transform: createLimit, bodyLimit: MAX_BODY_BYTES, body: createBody, response: answers.seated },
    )
    .post(
      "/join",
      async ({ body }) => {
        const playerId = crypto.randomUUID();
        const outcome = accepted(service.dispatch(body.code, { type: "join", playerId, name: body.playerName }));
        return { success: true as const, message: "Joined lobby", ...(await issue(outcome.state.code, playerId)) };
      },
      { transform: limit, bodyLimit: MAX_BODY_BYTES, body: joinBody, response: answers.seated },
    )
    .get(
      "/:code",
      async ({ request, params }) => {
        const code = normalizeCode(params.code);
        // Anyone may look; a caller who sends a session must still hold a seat in this lobby.
        if (request.headers.has("authorization")) sameLobby(await authenticate(request), code);
        const state = service.get(code);
        if (!state) throw new ApiError(404, "Lobby not found");
        return { success: true as const, data: lobbyView(state) };
      },
      // Every look-up of a code counts, so no one walks through all of them.
      { transform: within("lookups"), params: codeParams, response: answers.lobby },
    )
    .get(
      "/:code/results/:format",
      async ({ request, params }) => {
        // A finished game's results, for the players of that lobby to keep: nothing in them is secret
        // by now, but the answers typed are the players' own (docs/decisions.md "Keeping strangers out").
        sameLobby(await authenticate(request), params.code);
        if (params.format !== "csv" && params.format !== "json") throw new ApiError(404, "Results come as csv or json");
        const state = service.get(normalizeCode(params.code));
        if (!state) throw new ApiError(404, "Lobby not found");
        if (state.game?.phase !== "complete") throw new ApiError(409, "The game is not over yet");
        const game = exportGame(state.code, state.game);
        const file = `stealmate-${state.code}-results.${params.format}`;
        const body = params.format === "csv" ? gameCsv(game) : JSON.stringify(game, null, 2);
        const type = params.format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8";
        return new Response(body, { headers: { "content-type": type, "content-disposition": `attachment; filename="${file}"`, "cache-control": "no-store" } });
      },
      { params: resultsParams },
    )
    .use(playerRoutes({ service, authenticate }))
    .use(questionRoutes({ service, catalog, authenticate }));
}
