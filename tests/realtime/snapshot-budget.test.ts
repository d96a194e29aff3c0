// The largest snapshot a lobby can make stays under the queued-bytes cap (docs/contract.md
// "Backpressure and liveness"): otherwise a page catching up after a reconnect would be closed for
// not reading, reconnect, and be closed again. Built from the rules at every limit: 16 players with
// the longest names, 20 rounds of the longest questions and answers, and 100 chat lines of the
// longest text in each kind of character that costs the most bytes in JSON. A control character is
// six bytes there (\u0007): chat drops them, or 100 lines of them alone would pass the cap.
import { expect, test } from "bun:test";
import { loadConfig } from "../../src/config";
import { createLobby } from "../../src/game/lobby-rules";
import { CHAT_HISTORY, CHAT_MAX, MAX_TEAM_SIZE, NAME_MAX, ROUNDS_MAX, ANSWER_MAX } from "../../src/game/settings";
import type { LobbyState, Question } from "../../src/game/types";
import { playerSnapshot, watcherSnapshot } from "../../src/game/views";
import { encodeFrame } from "../../src/shared/wire";
import { HOST, pid, run, T0 } from "../support/builders";

const CAP = loadConfig({}).QUEUED_BYTES_PER_CONNECTION;
const wide = (n: number) => "€".repeat(n);
const longest: Question = { category: wide(40), question: wide(300), answer: wide(60), aliases: Array.from({ length: 20 }, () => wide(60)) };

/** A full lobby after a whole game of 20 rounds, every text at its longest. */
function fullLobby(): LobbyState {
  let state = createLobby("ABCD", HOST, wide(NAME_MAX), T0);
  for (let n = 2; n <= 2 * MAX_TEAM_SIZE; n++) state = run(state, { type: "join", playerId: pid(n), name: `${n}${wide(NAME_MAX - 2)}` }).state;
  state = run(state, { type: "updateSettings", by: HOST, settings: { rounds: ROUNDS_MAX, roundLimit: 60, tags: Array.from({ length: 10 }, (_, i) => `${i}${wide(39)}`) } }).state;
  state = run(state, { type: "startGame", by: HOST, questions: Array.from({ length: ROUNDS_MAX }, (_, i) => ({ ...longest, question: `${i}${wide(299)}` })) }).state;
  for (let round = 1; round <= ROUNDS_MAX; round++) {
    state = run(state, { type: "startRound", by: HOST }).state;
    state = run(state, { type: "submit", playerId: HOST, roundNumber: round, answer: wide(ANSWER_MAX), isSteal: false }).state;
    state = run(state, { type: "submit", playerId: pid(2), roundNumber: round, answer: wide(ANSWER_MAX), isSteal: false }).state;
    state = run(state, { type: "judged", roundNumber: round, verdicts: { blue: true, red: false } }).state;
  }
  return state;
}

const kinds: Record<string, string> = {
  "three-byte characters": wide(CHAT_MAX),
  "emoji (two units, four bytes)": "😀".repeat(CHAT_MAX / 2),
  "lone surrogates": "\ud800".repeat(CHAT_MAX),
  quotes: '"'.repeat(CHAT_MAX),
  "control characters": "\u0007".repeat(CHAT_MAX - 1) + "x",
};

const base = fullLobby();
for (const [kind, line] of Object.entries(kinds)) {
  test(`a full lobby with ${CHAT_HISTORY} chat lines of ${kind}: its snapshots stay under the cap`, () => {
    let state = base;
    for (let i = 0; i < CHAT_HISTORY; i++) state = run(state, { type: "chat", playerId: pid((i % 16) + 1 === 1 ? 2 : (i % 16) + 1), message: line, chatType: i % 2 ? "game" : "team" }).state;
    const player = new TextEncoder().encode(encodeFrame("lobby-updated", { ...playerSnapshot(state, pid(3))!, updateType: "snapshot" })).length;
    const watcher = new TextEncoder().encode(encodeFrame("lobby-updated", { ...watcherSnapshot(state), updateType: "snapshot" })).length;
    expect(Math.max(player, watcher)).toBeLessThan(CAP);
  });
}
