// The answers of a lobby's own questions reach nobody but the host before a round's results: a
// player's GET is refused, and the lobby view, the pages, the realtime snapshot and every event a
// player receives carry neither answer nor alias until round-results reveals that round's answer.
// The app runs as shipped (offline bank, local judge), so the game really is asked from the lobby's
// own questions.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { call, startTestApp, type TestApp } from "../support/app";
import { Clients } from "../support/sockets";
import { createLobby, expectFailure, joinLobby } from "../support/rest";

const OWN = [
  { category: "Secret Sauce", question: "Which made-up word is the first secret answer?", answer: "Quokkalicious", aliases: ["Quokka-alias"] },
  { category: "Secret Sauce", question: "Which made-up word is the second secret answer?", answer: "Blorptastic", aliases: ["Blorp-alias"] },
];
/** Questions whose round has had its results: their answers are public from then on. */
const revealed = new Set<string>();
/** The answers and aliases in `text` of own questions not revealed yet. */
const secretsIn = (text: string) =>
  OWN.filter((q) => !revealed.has(q.question))
    .flatMap((q) => [q.answer, ...q.aliases])
    .filter((s) => text.toLowerCase().includes(s.toLowerCase()));

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.dispose();
});

/** Everything a player can fetch about the lobby, as one text: its view (with and without a token) and both pages. */
async function visible(code: string, token: string): Promise<string> {
  const texts = [JSON.stringify((await call(app, "GET", `/api/lobby/${code}`)).body), JSON.stringify((await call(app, "GET", `/api/lobby/${code}`, { token })).body)];
  for (const page of ["lobby", "game"]) texts.push(await (await fetch(`${app.url}/${page}/${code}`)).text());
  return texts.join("\n");
}

test("a player learns an own question's answer only from that round's results", async () => {
  const host = await createLobby(app, "Hana");
  const rio = await joinLobby(app, host.code, "Rio");
  expect((await call(app, "POST", "/api/lobby/questions", { token: host.token, body: { questions: OWN } })).status).toBe(200);
  expect((await call(app, "POST", "/api/lobby/updateSettings", { token: host.token, body: { settings: { rounds: 2, roundLimit: 60, tags: ["Secret Sauce"] } } })).status).toBe(200);

  // What a player can ask for: the questions (refused), the lobby, the pages.
  const refused = await call(app, "GET", "/api/lobby/questions", { token: rio.token });
  expectFailure(refused, 403);
  expect(secretsIn(await visible(host.code, rio.token))).toEqual([]);

  const clients = new Clients(app.url, "websocket");
  try {
    const player = await clients.connect("Rio", rio.token);
    expect((await call(app, "POST", "/api/lobby/start", { token: host.token })).status).toBe(200);
    await player.waitFor("game-started");
    expect(secretsIn(await visible(host.code, rio.token))).toEqual([]);

    const asked: string[] = [];
    for (const round of [1, 2]) {
      const mark = player.mark();
      expect((await call(app, "POST", "/api/lobby/startRound", { token: host.token, body: {} })).status).toBe(200);
      const started = await player.waitFor("round-started");
      const own = OWN.find((q) => q.question === started.game.currentRound.question);
      expect(own).toBeDefined();
      asked.push(own!.question);
      expect(started.game.currentRound.category).toBe("Secret Sauce");

      // A snapshot mid-round, as a page that reconnects would get.
      player.emit("lobby-updated", { lobbyCode: host.code });
      await player.waitFor("lobby-updated", (p) => p?.updateType === "snapshot");
      expect(secretsIn(await visible(host.code, rio.token))).toEqual([]);

      // Blue answers with an alias, red guesses wrong: the local judge rules, and results tell.
      expect((await call(app, "POST", "/api/lobby/submitAnswer", { token: host.token, body: { roundNumber: round, answer: own!.aliases[0], isSteal: false } })).status).toBe(200);
      expect((await call(app, "POST", "/api/lobby/submitAnswer", { token: rio.token, body: { roundNumber: round, answer: "no idea", isSteal: false } })).status).toBe(200);
      const results = await player.waitFor("round-results");
      expect(results.round).toMatchObject({ number: round, answer: own!.answer, blueCorrect: true, redCorrect: false });

      // Everything the player received this round before its results: no answer or alias of any own question.
      const end = player.log.findIndex((r) => r.seq >= mark && r.event === "round-results");
      expect(secretsIn(player.json(mark, end))).toEqual([]);
      revealed.add(own!.question);
      // The results reveal this round's answer, and nothing of the questions still to come.
      expect(secretsIn(player.json(end))).toEqual([]);
      expect(secretsIn(await visible(host.code, rio.token))).toEqual([]);
    }
    // Both own questions, each once: nothing came from the bank.
    expect(asked.sort()).toEqual(OWN.map((q) => q.question).sort());
  } finally {
    clients.closeAll();
  }
  const after = await call(app, "GET", "/api/lobby/questions", { token: host.token });
  expect(after.body.questions.map((q: { asked: boolean }) => q.asked)).toEqual([true, true]);
}, 30_000);
