// The host's hand on the clock over REST (docs/contract.md "The host's game controls"): pause and
// resume, skip the open question, more time. The session is checked before the body (session.ts);
// the rules refuse anyone but the host (403) and a call outside a game or its round (409).
import { Elysia } from "elysia";
import type { LobbyService } from "../lobbies/service";
import { answers } from "./answers";
import { accepted } from "./errors";
import { jsonBody, MAX_BODY_BYTES } from "./json-body";
import { addTimeBody, pauseBody, skipQuestionBody } from "./schemas";
import { type Authenticate, seated } from "./session";

export function hostControlRoutes({ service, authenticate }: { service: LobbyService; authenticate: Authenticate }) {
  return new Elysia()
    .use(jsonBody)
    .use(seated(authenticate))
    .post(
      "/pause",
      async ({ claims, body }) => {
        const outcome = accepted(await service.dispatch(claims.lobby, { type: "pause", by: claims.sub, paused: body.paused }));
        return { success: true as const, paused: typeof outcome.state.game?.pausedAt === "number" };
      },
      { bodyLimit: MAX_BODY_BYTES, body: pauseBody, response: answers.paused },
    )
    .post(
      "/skipQuestion",
      async ({ claims, body }) => {
        const outcome = accepted(await service.skipQuestion(claims.lobby, claims.sub, body.roundNumber));
        return { success: true as const, roundNumber: body.roundNumber, endsAt: outcome.state.game!.currentRound!.endsAt };
      },
      { bodyLimit: MAX_BODY_BYTES, body: skipQuestionBody, response: answers.roundClock },
    )
    .post(
      "/addTime",
      async ({ claims, body }) => {
        const outcome = accepted(await service.dispatch(claims.lobby, { type: "addTime", by: claims.sub, roundNumber: body.roundNumber, seconds: body.seconds }));
        return { success: true as const, roundNumber: body.roundNumber, endsAt: outcome.state.game!.currentRound!.endsAt };
      },
      { bodyLimit: MAX_BODY_BYTES, body: addTimeBody, response: answers.roundClock },
    );
}
