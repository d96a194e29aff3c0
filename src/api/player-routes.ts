// The REST calls of a seated player (docs/contract.md "Routes"): the session is checked before the body
// (see session.ts), then the command goes to the lobby service.
import { Elysia } from "elysia";
import { lobbyView } from "../game/views";
import type { LobbyService } from "../lobbies/service";
import { answers } from "./answers";
import { accepted, ApiError } from "./errors";
import { jsonBody, MAX_BODY_BYTES } from "./json-body";
import { codeBody, lockBody, overruleBody, playerBody, settingsBody, startRoundBody, submitBody, teamSelectBody } from "./schemas";
import { type Authenticate, sameLobby, seated } from "./session";

export function playerRoutes({ service, authenticate }: { service: LobbyService; authenticate: Authenticate }) {
  return new Elysia()
    .use(jsonBody)
    .use(seated(authenticate))
    .post(
      "/leave",
      async ({ claims }) => {
        accepted(await service.dispatch(claims.lobby, { type: "leave", playerId: claims.sub }));
        return { success: true as const, message: "Left lobby" };
      },
      { response: answers.done },
    )
    .post(
      "/start",
      async ({ claims }) => {
        const outcome = accepted(await service.startGame(claims.lobby, claims.sub));
        return { success: true as const, message: "Game started", lobby: lobbyView(outcome.state) };
      },
      { response: answers.lobbyChanged },
    )
    .post(
      "/end",
      async ({ claims }) => {
        accepted(await service.dispatch(claims.lobby, { type: "endLobby", by: claims.sub }));
        return { success: true as const, message: "Lobby ended" };
      },
      { response: answers.done },
    )
    .post(
      "/teamSelect",
      async ({ claims, body }) => {
        const outcome = accepted(await service.dispatch(claims.lobby, { type: "teamSelect", playerId: claims.sub, team: body.team, isCaptain: body.isCaptain }));
        return { success: true as const, message: "Team updated", lobby: lobbyView(outcome.state) };
      },
      { bodyLimit: MAX_BODY_BYTES, body: teamSelectBody, response: answers.lobbyChanged },
    )
    .post(
      "/sitOut",
      async ({ claims }) => {
        const outcome = accepted(await service.dispatch(claims.lobby, { type: "sitOut", by: claims.sub }));
        return { success: true as const, message: "Sitting out as quizmaster", lobby: lobbyView(outcome.state) };
      },
      { response: answers.lobbyChanged },
    )
    .post(
      "/updateSettings",
      async ({ claims, body }) => {
        const outcome = accepted(await service.dispatch(claims.lobby, { type: "updateSettings", by: claims.sub, settings: body.settings }));
        return { success: true as const, message: "Settings updated", settings: outcome.state.settings };
      },
      { bodyLimit: MAX_BODY_BYTES, body: settingsBody, response: answers.settings },
    )
    .post(
      "/kickPlayer",
      async ({ claims, body }) => {
        accepted(await service.dispatch(claims.lobby, { type: "kick", by: claims.sub, playerId: body.playerId }));
        return { success: true as const, message: "Player kicked" };
      },
      { bodyLimit: MAX_BODY_BYTES, body: playerBody, response: answers.done },
    )
    .post(
      "/startRound",
      async ({ claims, body }) => {
        sameLobby(claims, body.code);
        const outcome = accepted(await service.dispatch(claims.lobby, { type: "startRound", by: claims.sub, roundNumber: body.roundNumber }));
        return { success: true as const, roundNumber: outcome.state.game!.currentRoundNumber, endsAt: outcome.state.game!.currentRound!.endsAt };
      },
      { bodyLimit: MAX_BODY_BYTES, body: startRoundBody, response: answers.roundStarted },
    )
    .post(
      "/submitAnswer",
      async ({ claims, body }) => {
        sameLobby(claims, body.code);
        if (body.playerId && body.playerId !== claims.sub) throw new ApiError(403, "You can only answer as yourself");
        // The lobby may have ended, or the player left, while the body arrived: the rules say so.
        accepted(await service.dispatch(claims.lobby, { type: "submit", playerId: claims.sub, team: body.team, match: body.match, roundNumber: body.roundNumber, answer: body.answer, isSteal: body.isSteal, skips: body.skips }));
        return { success: true as const, message: "Answer locked" };
      },
      { bodyLimit: MAX_BODY_BYTES, body: submitBody, response: answers.done },
    )
    .post(
      "/overrule",
      async ({ claims, body }) => {
        accepted(await service.dispatch(claims.lobby, { type: "overrule", by: claims.sub, ...body }));
        return { success: true as const, message: "Ruling changed" };
      },
      { bodyLimit: MAX_BODY_BYTES, body: overruleBody, response: answers.done },
    )
    .post(
      "/lock",
      async ({ claims, body }) => {
        // Host only (the rules refuse anyone else); also how a kicked player is kept out.
        const outcome = accepted(await service.dispatch(claims.lobby, { type: "lock", by: claims.sub, locked: body.locked }));
        return { success: true as const, locked: Boolean(outcome.state.locked) };
      },
      { bodyLimit: MAX_BODY_BYTES, body: lockBody, response: answers.locked },
    )
    .post(
      "/transferHost",
      async ({ claims, body }) => {
        accepted(await service.dispatch(claims.lobby, { type: "transferHost", by: claims.sub, playerId: body.playerId }));
        return { success: true as const, message: "Host handed over" };
      },
      { bodyLimit: MAX_BODY_BYTES, body: playerBody, response: answers.done },
    )
    .post(
      "/endGame",
      async ({ claims }) => {
        accepted(await service.dispatch(claims.lobby, { type: "endGame", by: claims.sub }));
        return { success: true as const, message: "Game ended" };
      },
      { response: answers.done },
    )
    .post(
      "/returnToLobby",
      async ({ claims }) => {
        accepted(await service.dispatch(claims.lobby, { type: "returnToLobby", by: claims.sub }));
        return { success: true as const, message: "Returned to lobby" };
      },
      { response: answers.done },
    );
}
