// Model-based property test: random command sequences drive one real LobbyService per run (fake
// clock, temp-file store, question pool, judge and question source that answer when the test says)
// and the invariants of docs/rules.md are checked on the real state after every step
// (tests/support/model/invariants.ts). The model stays light: the ids that exist, how the lobby
// ended, the locks seen. Each command also checks its own outcome against the rule it exercises
// (who may do it, which kind of refusal). MODEL_STATS=1 prints what the runs covered.
import { afterAll, beforeAll, expect, test } from "bun:test";
import fc from "fast-check";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Outcome } from "../../src/game/outcome";
import { LobbyStore } from "../../src/lobbies/store";
import { closingKinds } from "../support/model/closing-steps";
import { gameKinds } from "../support/model/game-steps";
import { bootReal, type Real } from "../support/model/harness";
import { checkInvariants, initialModel, must, type Model } from "../support/model/invariants";
import { membershipKinds } from "../support/model/membership-steps";
import { roundKinds } from "../support/model/round-steps";
import { coverage } from "../support/model/step";

// The steps, by concern, in tests/support/model/: membership, game, round and closing steps.
const kinds = { ...membershipKinds, ...gameKinds, ...roundKinds, ...closingKinds };
type Kind = keyof typeof kinds;

/** A command mix: each kind repeated by its weight (fc.commands picks among its arbitraries evenly). */
const mix = (weights: Record<Kind, number>) => (Object.keys(weights) as Kind[]).flatMap((k) => Array.from({ length: weights[k] }, () => kinds[k]));

/** A party: people come and go, pick teams, fiddle with settings, and sometimes play. */
const partyMix = mix({ join: 3, crowd: 1, leave: 1, kick: 1, teamSelect: 3, rally: 2, updateSettings: 2, startGame: 5, questionsLand: 1, startRound: 6, submit: 10, tick: 4, judgeLands: 5, overrule: 3, returnToLobby: 1, endLobby: 1, chat: 1, presence: 1, afterEnd: 1, playRound: 2, rematch: 1 });
/** A game night: mostly rounds, answers, clocks, verdicts and rulings, so games run to the end. */
const gameMix = mix({ join: 1, crowd: 0, leave: 1, kick: 1, teamSelect: 1, rally: 1, updateSettings: 1, startGame: 5, questionsLand: 1, startRound: 7, submit: 14, tick: 5, judgeLands: 5, overrule: 4, returnToLobby: 2, endLobby: 1, chat: 1, presence: 1, afterEnd: 1, playRound: 6, rematch: 2 });

let dir: string;
let store: LobbyStore;
let runs = 0;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "stealmate-model-"));
  store = new LobbyStore(join(dir, "lobbies.db"));
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  const n = (key: string) => coverage.get(key) ?? 0;
  console.log(`model: ${runs} runs, ${n("steps")} steps, ${n("event game-started")} games, ${n("judged ok")} rounds judged, ${n("overrule ok")} overrules, ${n("expired")} expiries`);
  if (!process.env.MODEL_STATS) return;
  const lines = [...coverage.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k}: ${v}`);
  console.log(`  ${lines.join("\n  ")}`);
});

/** How a run's lobby looks before the random commands: some players seated, maybe captains and short games. */
interface Opening {
  players: number;
  captains: boolean;
  settings: { rounds: number; roundLimit: number } | null;
  startGame: boolean;
}
const openingArb: fc.Arbitrary<Opening> = fc.record({
  players: fc.integer({ min: 1, max: 9 }),
  captains: fc.constantFrom(true, true, true, false),
  settings: fc.option(fc.record({ rounds: fc.integer({ min: 1, max: 4 }), roundLimit: fc.integer({ min: 15, max: 120 }) }), { freq: 4 }),
  startGame: fc.constantFrom(true, true, true, false),
});

async function open(real: Real, model: Model, o: Opening): Promise<void> {
  const { service, code } = real;
  const ok = (out: Outcome) => must(out.ok, `opening refused: ${out.ok ? "" : out.message}`);
  for (let n = 0; n < o.players; n++) {
    const id = `p${model.nextId++}`;
    model.known.push(id);
    ok(await service.dispatch(code, { type: "join", playerId: id, name: `Player ${n + 1}` }));
  }
  const players = service.get(code)!.players;
  // Captains come by themselves; `captains` has the second blue member take the role, when there is one.
  const taker = players.filter((p) => p.team === "blue")[1];
  if (o.captains && taker) ok(await service.dispatch(code, { type: "teamSelect", playerId: taker.id, team: "blue", isCaptain: true }));
  if (o.settings) ok(await service.dispatch(code, { type: "updateSettings", by: service.get(code)!.hostId, settings: o.settings }));
  if (o.startGame && o.captains && players.length >= 2) ok(await service.startGame(code, service.get(code)!.hostId));
  checkInvariants(real, model);
}

test("random command sequences keep every lobby invariant", async () => {
  await fc.assert(
    fc.asyncProperty(openingArb, fc.oneof(...[partyMix, gameMix].map((arbs) => fc.commands(arbs, { maxCommands: 60, size: "max", replayPath: process.env.MODEL_REPLAY }))), async (opening, cmds) => {
      runs++;
      const real = await bootReal(store);
      const model = initialModel(real.service.get(real.code)!.hostId);
      try {
        await open(real, model, opening);
        await fc.asyncModelRun(() => ({ model, real }), cmds);
        const live = real.service.get(real.code);
        if (live) {
          // What is saved is what is live: a restart would bring back this very lobby.
          const saved = (await real.store.loadAll());
          must(saved.length === 1, `${saved.length} saved lobbies`);
          expect(saved[0]!.state).toEqual(live);
        }
      } finally {
        for (const [event, n] of real.out.events) coverage.set(`event ${event}`, (coverage.get(`event ${event}`) ?? 0) + n);
        for (const [outcome, n] of real.outcomes) coverage.set(outcome, (coverage.get(outcome) ?? 0) + n);
        await real.dispose();
      }
    }),
    // MODEL_RUNS=n for a longer hunt; MODEL_SEED, MODEL_PATH and MODEL_REPLAY (the replayPath) replay a reported failure.
    { numRuns: Number(process.env.MODEL_RUNS ?? 500), seed: process.env.MODEL_SEED ? Number(process.env.MODEL_SEED) : undefined, path: process.env.MODEL_PATH },
  );
}, 600_000);
