// Model steps around a game as a whole: its settings, starting it (the question source may fail or
// be slow), returning to the lobby, and a rematch.
import fc from "fast-check";
import { settingsInputSchema } from "../../../src/game/schemas";
import { POOL_SIZE, settle, type Real } from "./harness";
import { checkInvariants, must, type Model } from "./invariants";
import { count, expectKind, hostishArb, hostOnly, resolve, send, showWho, Step, tally, type Cmd, type Who } from "./step";

const junk = fc.oneof(fc.constant(undefined), fc.constant(null), fc.constant(Number.NaN), fc.constant(Infinity), fc.constant(-Infinity), fc.boolean(), fc.double(), fc.string({ maxLength: 10 }), fc.constantFrom("12", " 30 ", "7.6", "abc", "", "1e3", "-4"), fc.object({ maxDepth: 1 }));
const roundsArb = fc.oneof({ weight: 5, arbitrary: fc.integer({ min: 1, max: 3 }) }, { weight: 2, arbitrary: fc.integer({ min: -5, max: 30 }) }, { weight: 2, arbitrary: junk });
const limitArb = fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 15, max: 120 }) }, { weight: 2, arbitrary: fc.integer({ min: -10, max: 500 }) }, { weight: 2, arbitrary: junk });
const tagArb = fc.oneof(fc.constantFrom("General", "general", " Science ", "SCIENCE", "", "   ", "History", "t".repeat(40), "T".repeat(41), "u".repeat(60)), fc.string({ maxLength: 50 }));
const tagsArb = fc.option(fc.array(tagArb, { maxLength: 15 }), { nil: undefined });

class UpdateSettings extends Step {
  constructor(
    readonly by: Who,
    readonly settings: { rounds?: unknown; roundLimit?: unknown; tags?: string[] },
  ) {
    super();
  }
  async act(m: Model, r: Real) {
    const by = resolve(r.service.get(r.code), m, this.by);
    // Through the edge's own coercion, as a REST body is: what it refuses (a 400) never reaches the lobby.
    const input = settingsInputSchema.safeParse(this.settings);
    if (!input.success) return;
    const { before, out } = await send(r, { type: "updateSettings", by, settings: input.data });
    hostOnly(before, by, out, "updateSettings");
    if (by === before!.hostId) expectKind(out, before!.game ? "conflict" : "ok", "updateSettings by the host");
    if (!out.ok) return;
    const { rounds, roundLimit } = input.data;
    const kept = (v: unknown, lo: number, hi: number) => typeof v === "number" && Number.isInteger(v) && v >= lo && v <= hi;
    if (kept(rounds, 1, 20)) must(out.state.settings.rounds === rounds, `rounds ${String(rounds)} became ${out.state.settings.rounds}`);
    if (kept(roundLimit, 15, 120)) must(out.state.settings.roundLimit === roundLimit, `roundLimit ${String(roundLimit)} became ${out.state.settings.roundLimit}`);
    if (rounds === undefined) must(out.state.settings.rounds === before!.settings.rounds, "an absent rounds changed");
  }
  toString() {
    return `updateSettings(by ${showWho(this.by)}, ${fc.stringify(this.settings)})`;
  }
}


class StartGame extends Step {
  constructor(
    readonly by: Who,
    readonly sourceFails: boolean,
    /** the questions arrive only on a later questionsLand, and other commands run meanwhile */
    readonly slow: boolean,
  ) {
    super();
  }
  async act(m: Model, r: Real) {
    await settle(1); // verdicts already released land now, not during the start
    const live = r.service.get(r.code)!;
    const before = structuredClone(live);
    const by = resolve(live, m, this.by);
    r.source.failNext = this.sourceFails;
    r.source.holdNext = this.slow;
    const call = r.service.startGame(r.code, by);
    if (this.slow) {
      r.starts.push(call.then((out) => tally("startGame (slow) call", out)));
      return;
    }
    const out = await call;
    tally("startGame call", out);
    hostOnly(before, by, out, "startGame");
    if (!out.ok) must(r.service.get(r.code) === live && Bun.deepEquals(live, before), "a refused startGame changed the state");
    const captains = ["blue", "red"].every((t) => before.players.some((p) => p.team === t));
    if (by === before.hostId && (before.game || !captains)) expectKind(out, "conflict", "startGame without a player on each team or during a game");
    const left = POOL_SIZE - before.asked.length;
    if (by === before.hostId && !before.game && captains) expectKind(out, this.sourceFails || left === 0 ? "conflict" : "ok", `startGame with ${left} questions left`);
    if (out.ok) must(out.state.game!.totalRounds === Math.min(before.settings.rounds, left), `${out.state.game!.totalRounds} rounds`);
  }
  toString() {
    return `startGame(by ${showWho(this.by)}${this.sourceFails ? ", source fails" : ""}${this.slow ? ", slow" : ""})`;
  }
}

/** Held question picks arrive; the starts waiting on them dispatch now, whatever happened meanwhile. */
class QuestionsLand extends Step {
  async act(_m: Model, r: Real) {
    count(`questions-land waiting ${r.source.waiting}`);
    r.source.release();
    await Promise.all(r.starts.splice(0));
  }
  toString() {
    return "questionsLand";
  }
}

/** The host takes everyone back to the lobby and starts the next game straight away. */
class Rematch extends Step {
  constructor(readonly slow: boolean) {
    super();
  }
  async act(m: Model, r: Real) {
    await new ReturnToLobby({ k: "host" }).act(m, r);
    checkInvariants(r, m);
    await new StartGame({ k: "host" }, false, this.slow).act(m, r);
  }
  toString() {
    return `rematch(${this.slow ? "slow" : ""})`;
  }
}
class ReturnToLobby extends Step {
  constructor(readonly by: Who) {
    super();
  }
  async act(m: Model, r: Real) {
    const by = resolve(r.service.get(r.code), m, this.by);
    const { before, out } = await send(r, { type: "returnToLobby", by });
    hostOnly(before, by, out, "returnToLobby");
    if (by === before!.hostId) expectKind(out, before!.game ? "ok" : "conflict", "returnToLobby by the host");
    if (out.ok) must(out.state.game === null, "still in a game after returnToLobby");
  }
  toString() {
    return `returnToLobby(by ${showWho(this.by)})`;
  }
}
export const gameKinds = {
  updateSettings: fc.tuple(hostishArb, fc.record({ rounds: roundsArb, roundLimit: limitArb, tags: tagsArb }, { requiredKeys: [] })).map(([by, s]): Cmd => new UpdateSettings(by, s)),
  startGame: fc.tuple(hostishArb, fc.constantFrom(false, false, false, false, false, false, false, true), fc.constantFrom(false, false, false, true)).map(([by, f, slow]): Cmd => new StartGame(by, f, slow)),
  questionsLand: fc.constant<Cmd>(new QuestionsLand()),
  returnToLobby: hostishArb.map((w): Cmd => new ReturnToLobby(w)),
  rematch: fc.constantFrom(false, false, false, true).map((slow): Cmd => new Rematch(slow)),
};
