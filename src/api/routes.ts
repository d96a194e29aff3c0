// The REST calls of docs/contract.md "REST". Transport only: validate, authenticate, hand a command to
// the lobby service, shape the answer. Here: the calls anyone may make, and the order every call is
// checked in (Elysia's lifecycle: parse, transform, validate, handle): the origin first, then the
// rate limit or the session, then the body.
import { Elysia } from "elysia";
import type { QuestionCatalog } from "../ai/providers";
import { findPlayer, lobbyView } from "../game/views";
import { seating, seatToken } from "./seating";
import { scoreChartSvg } from "../results/chart";
import { exportGame, gameCsv } from "../results/export";
import { duelCsv, exportDuels } from "../results/duel-export";
import { downloadName } from "../results/spreadsheet";
import type { LobbyService } from "../lobbies/service";
import { answers } from "./answers";
import { accepted, ApiError } from "./errors";
import { jsonBody, MAX_BODY_BYTES } from "./json-body";
import { originAllowed } from "../access/origin";
import { hostControlRoutes } from "./host-control-routes";
import { playerRoutes } from "./player-routes";
import { questionRoutes } from "./question-routes";
import { TOO_MANY_REQUESTS, type Budgets } from "../access/rate-limit";
import { codeParams, createBody, joinBody } from "./schemas";
import { authenticator, sameLobby } from "./session";
import type { Tokens } from "../access/tokens";

export interface ApiDeps {
  service: LobbyService;
  catalog: QuestionCatalog;
  tokens: Tokens;
  budgets: Budgets;
  allowedOrigins: readonly string[];
  clientIp: (request: Request) => string;
  /** the network of the client's address, for the budgets counted by network (access/networks.ts) */
  clientNetwork: (request: Request) => string;
}

export function lobbyRoutes({ service, catalog, tokens, budgets, allowedOrigins, clientIp, clientNetwork }: ApiDeps) {
  const authenticate = authenticator(tokens, service, budgets.commands);

  /** One call against an address's budget (rate-limit.ts Budgets). */
  const within =
    (budget: "joins" | "lookups" | "lobbies", message = TOO_MANY_REQUESTS, keyOf = clientIp) =>
    async ({ request }: { request: Request }): Promise<void> => {
      if (!(await budgets[budget].allow(keyOf(request)))) throw new ApiError(429, message);
    };
  const limit = within("joins");
  const lobbiesLimit = within("lobbies", "Too many lobbies created from this network this hour, try again later", clientNetwork);
  const createLimit = async (ctx: { request: Request }) => {
    await limit(ctx);
    await lobbiesLimit(ctx);
  };

  const seat = seating(service, tokens);

  async function resultsFile(request: Request, code: string, format: "csv" | "json"): Promise<Response> {
    sameLobby(await authenticate(request), code);
    const { code: lobby, game, players } = accepted(service.finishedGame(code));
    // A Duel's or a Tournament's results are per player (its game paired them); a Teams game's, per team.
    const exported = game.circle || game.bracket ? exportDuels(lobby, game, players, Date.now()) : exportGame(lobby, game, players, Date.now());
    const body = format === "json" ? JSON.stringify(exported, null, 2) : exported.mode !== "teams" ? duelCsv(exported) : gameCsv(exported);
    const type = format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8";
    const file = downloadName(lobby, "results", format);
    return new Response(body, { headers: { "content-type": type, "content-disposition": `attachment; filename="${file}"`, "cache-control": "no-store" } });
  }

  return new Elysia({ prefix: "/api/lobby" })
    .onTransform(({ request }) => {
      if (request.method !== "GET" && !originAllowed(request, allowedOrigins)) throw new ApiError(403, "Cross-site request refused");
    })
    .use(jsonBody)
    .post(
      "/create",
      async ({ body }) => {
        const { state, playerId } = accepted(await service.create(body.playerName, body.mode));
        return { success: true as const, message: "Lobby created", ...(await seatToken(tokens, state, findPlayer(state, playerId)!)) };
      },
      { transform: createLimit, bodyLimit: MAX_BODY_BYTES, body: createBody, response: answers.seated },
    )
    .post(
      "/join",
      async ({ request, body }) => ({ success: true as const, message: "Joined lobby", ...(await seat(request, body)) }),
      { transform: limit, bodyLimit: MAX_BODY_BYTES, body: joinBody, response: answers.seated },
    )
    .get(
      "/:code",
      async ({ request, params }) => {
        const { code } = params;
        // Anyone may look; a caller who sends a session must still hold a seat in this lobby.
        if (request.headers.has("authorization")) sameLobby(await authenticate(request), code);
        // A cluster node takes the lobby over first (docs/cluster.md).
        const unreachable = await service.ensure(code);
        if (unreachable) throw new ApiError(503, unreachable.message);
        const state = service.get(code);
        if (!state) throw new ApiError(404, "Lobby not found");
        return { success: true as const, data: lobbyView(state) };
      },
      // Every look-up of a code counts, so no one walks through all of them.
      { transform: within("lookups"), params: codeParams, response: answers.lobby },
    )
    // A finished game's results, for the players of that lobby to keep: nothing in them is secret by
    // now, but the answers typed are the players' own (docs/decisions.md "Keeping strangers out").
    // One route per format: any other is a file that is not there (404).
    .get("/:code/results/csv", ({ request, params }) => resultsFile(request, params.code, "csv"), { params: codeParams })
    .get("/:code/results/json", ({ request, params }) => resultsFile(request, params.code, "json"), { params: codeParams })
    // The summary's chart (src/results/chart.ts): only scores, which anyone watching the lobby saw,
    // so it needs no seat (the shared screen has none); counted as a look-up, like the lobby itself.
    .get(
      "/:code/chart.svg",
      ({ params }) => {
        const { game } = accepted(service.finishedGame(params.code));
        return new Response(scoreChartSvg(game.rounds), { headers: { "content-type": "image/svg+xml; charset=utf-8", "cache-control": "no-store" } });
      },
      { transform: within("lookups"), params: codeParams },
    )
    .use(playerRoutes({ service, authenticate }))
    .use(hostControlRoutes({ service, authenticate }))
    .use(questionRoutes({ service, catalog, authenticate, spend: (request, bytes) => budgets.ownQuestionBytes.allow(clientNetwork(request), bytes) }));
}
