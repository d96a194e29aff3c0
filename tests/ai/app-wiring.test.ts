// The app picks its AI from the config: with ANTHROPIC_API_KEY (and ANTHROPIC_BASE_URL pointing at
// the fake server) a game on a tag the bank lacks gets AI-written questions in one call at start;
// without a key the same game runs from the bank and nothing is sent anywhere.
import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import { call, startTestApp, type TestApp } from "../support/app";
import { startFakeAnthropic, tool } from "../support/fake-anthropic";
import { item } from "./helpers";

const fake = startFakeAnthropic();
afterAll(() => fake.close());
beforeEach(() => fake.reset());

/** A lobby with both captains, `rounds` rounds on `tags`, started; returns the first round's category. */
async function playFirstRound(app: TestApp, tags: string[], rounds: number): Promise<{ category: string; question: string }> {
  const host = await call(app, "POST", "/api/lobby/create", { body: { playerName: "Hana" } });
  const code: string = host.body.lobby.code;
  const guest = await call(app, "POST", "/api/lobby/join", { body: { playerName: "Gus", code } });
  expect(guest.status).toBe(200);
  expect((await call(app, "POST", "/api/lobby/updateSettings", { token: host.body.token, body: { settings: { rounds, roundLimit: 30, tags } } })).status).toBe(200);
  expect((await call(app, "POST", "/api/lobby/start", { token: host.body.token })).status).toBe(200);
  expect((await call(app, "POST", "/api/lobby/startRound", { token: host.body.token, body: { code } })).status).toBe(200);
  const lobby = await call(app, "GET", `/api/lobby/${code}`, { token: host.body.token });
  return lobby.body.data.gameState.currentRound;
}

describe("app wiring", () => {
  test("with a key, a custom tag's questions come from the AI in one call", async () => {
    const app = await startTestApp({ ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: fake.url, AI_MODEL: "wired-model", AI_TIMEOUT_MS: "2000" });
    try {
      fake.reply(tool("submit_questions", { questions: [1, 2, 3, 4].map((n) => item("Board Games", n)) }));
      const round = await playFirstRound(app, ["Board Games"], 3);
      expect(round.category).toBe("Board Games");
      expect(round.question).toStartWith("Generated question number");
      expect(fake.requests).toHaveLength(1);
      expect(fake.requests[0]!.body.model).toBe("wired-model");
    } finally {
      await app.dispose();
    }
  });

  test("without a key, the same game runs from the bank's General and sends nothing", async () => {
    const app = await startTestApp({ ANTHROPIC_BASE_URL: fake.url });
    try {
      const round = await playFirstRound(app, ["Board Games"], 3);
      expect(round.category).toBe("General");
      expect(fake.requests).toHaveLength(0);
    } finally {
      await app.dispose();
    }
  });
});
