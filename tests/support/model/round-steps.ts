// Model steps of a round: starting it, answers and steals (on time, late, for the wrong team or
// round), the clock, the judge's verdicts landing, and the host's overrules.
import { expect } from "bun:test";
import fc from "fast-check";
import type { Command } from "../../../src/game/commands";
import { reduce } from "../../../src/game/reduce";
import type { LobbyState, Team } from "../../../src/game/types";
import { IDLE_MS, settle, type Real } from "./harness";
import { checkInvariants, must, type Model } from "./invariants";
import { closedBy, count, expectKind, hostishArb, hostOnly, kindOf, resolve, send, showWho, Step, whoArb, type Cmd, type Who } from "./step";

class StartRound extends Step {
  constructor(readonly by: Who) {
    super();
  }
  async act(m: Model, r: Real) {
    const by = resolve(r.service.get(r.code), m, this.by);
    const { before, out } = await send(r, { type: "startRound", by });
    hostOnly(before, by, out, "startRound");
    const phase = before!.game?.phase;
    if (by === before!.hostId) expectKind(out, phase === "idle" || phase === "results" ? "ok" : "conflict", `startRound in phase ${phase ?? "lobby"}`);
    if (out.ok) {
      const round = out.state.game!.currentRound!;
      must(round.endsAt === r.clock.now() + before!.settings.roundLimit * 1000, "endsAt is not now + roundLimit");
      must(round.number === before!.game!.currentRoundNumber + 1 && Object.keys(round.locks).length === 0, "the new round is not the next one, or has locks");
    }
  }
  toString() {
    return `startRound(by ${showWho(this.by)})`;
  }
}

type TeamChoice = "own" | "other" | Team;
type RoundChoice = "current" | "prev" | "next" | number;
type AnswerChoice = "right" | "padded" | "lower" | "wrong" | "blank" | "empty" | { text: string };

class Submit extends Step {
  constructor(
    readonly who: Who,
    readonly team: TeamChoice,
    readonly round: RoundChoice,
    readonly answer: AnswerChoice,
    readonly isSteal: boolean,
    readonly lateBy: number,
  ) {
    super();
  }
  async act(m: Model, r: Real) {
    const s = r.service.get(r.code)!;
    const id = resolve(s, m, this.who);
    const me = s.players.find((p) => p.id === id);
    const own: Team = me?.team ?? "blue";
    const team: Team = this.team === "own" ? own : this.team === "other" ? (own === "blue" ? "red" : "blue") : this.team;
    const current = s.game?.currentRoundNumber ?? 1;
    const roundNumber = this.round === "current" ? current : this.round === "prev" ? current - 1 : this.round === "next" ? current + 1 : this.round;
    const correct = s.game?.currentRound?.question.answer ?? "Answer1";
    const a = this.answer;
    const answer = a === "right" ? correct : a === "padded" ? `  ${correct}\t` : a === "lower" ? correct.toLowerCase() : a === "wrong" ? "Wombat" : a === "blank" ? "  \t " : a === "empty" ? "" : a.text;
    this.probeLate(s, id, team, roundNumber, answer);

    const now = r.clock.now();
    const { before, out } = await send(r, { type: "submit", playerId: id, team, roundNumber, answer, isSteal: this.isSteal });
    const round = before!.game?.phase === "question" ? before!.game.currentRound : null;
    const open = me && me.team === team && round && round.number === roundNumber;
    if (!me) expectKind(out, "notFound", `submit by unseated ${id}`);
    else if (me.team !== team) must(!out.ok, `${id} of ${me.team} answered for ${team}`);
    else if (!round || round.number !== roundNumber) expectKind(out, "conflict", `submit for round ${roundNumber} when ${round ? `round ${round.number}` : "no round"} is open`);
    else if (me.sitsOutRound === roundNumber) expectKind(out, "forbidden", `a submission by ${id}, who joined during round ${roundNumber}`);
    else if (now >= round.endsAt) expectKind(out, "conflict", "a late submission");
    else if (round.locks[team]) expectKind(out, "conflict", `a second lock for ${team}`);
    else if (!this.isSteal && !answer.trim()) expectKind(out, "invalid", "a blank answer");
    else expectKind(out, "ok", "a valid submission");
    if (out.ok) {
      must(open && now < round!.endsAt && !round!.locks[team], "a lock was accepted when it should not be");
      const lock = out.state.game!.currentRound!.locks[team]!;
      m.locks.set(`${m.epoch}:${roundNumber}:${team}`, structuredClone(lock));
      must(lock.playerId === id && lock.isSteal === this.isSteal && lock.answer === (this.isSteal ? "" : answer.trim().slice(0, 200)), `lock ${JSON.stringify(lock)}`);
    }
  }
  /** The same submission at or after endsAt, straight into the rules: always a conflict, state untouched. */
  private probeLate(s: LobbyState, id: string, team: Team, roundNumber: number, answer: string) {
    const round = s.game?.phase === "question" ? s.game.currentRound : null;
    if (!round) return;
    const before = structuredClone(s);
    const cmd: Command = { type: "submit", playerId: id, team, roundNumber, answer, isSteal: this.isSteal };
    const late = reduce(s, cmd, { now: round.endsAt + this.lateBy });
    count(`late-probe ${kindOf(late)}`);
    must(!late.ok, `a submission at endsAt+${this.lateBy} was accepted`);
    // notFound and forbidden come first for strangers and the wrong team; anyone else is late: a conflict.
    // A latecomer who sits this round out is refused for that first.
    const sitter = s.players.some((p) => p.id === id && p.sitsOutRound === roundNumber);
    must(late.kind === "conflict" || (late.kind === "forbidden" && sitter) || !s.players.some((p) => p.id === id && p.team === team), `a late submission got ${late.kind}, not conflict`);
    expect(s).toEqual(before);
  }
  toString() {
    return `submit(${showWho(this.who)}, ${this.team}, round ${this.round}, ${fc.stringify(this.answer)}${this.isSteal ? ", steal" : ""})`;
  }
}

type Move = "none" | "right" | "wrong" | "steal" | "blank";

/** A whole round as a table would play it: the host starts it, each team moves, the clock or the locks end it, maybe the verdicts land. */
class PlayRound extends Step {
  constructor(
    readonly moves: Record<Team, Move>,
    readonly by: Record<Team, number>,
    readonly redFirst: boolean,
    readonly land: boolean,
  ) {
    super();
  }
  async act(m: Model, r: Real) {
    await new StartRound({ k: "host" }).act(m, r);
    checkInvariants(r, m);
    for (const team of this.redFirst ? (["red", "blue"] as const) : (["blue", "red"] as const)) {
      const move = this.moves[team];
      if (move === "none") continue;
      const answer: AnswerChoice = move === "right" ? "right" : move === "blank" ? "blank" : move === "wrong" ? "wrong" : "empty";
      await new Submit({ k: "onTeam", team, i: this.by[team] }, "own", "current", answer, move === "steal", 0).act(m, r);
      checkInvariants(r, m);
    }
    await new Tick({ k: "endsAt", delta: 0 }).act(m, r);
    if (!this.land) return;
    checkInvariants(r, m);
    await new JudgeLands(true).act(m, r);
  }
  toString() {
    return `playRound(${this.moves.blue}@blue#${this.by.blue}, ${this.moves.red}@red#${this.by.red}${this.redFirst ? ", red first" : ""}${this.land ? ", verdicts land" : ""})`;
  }
}

type Advance = { k: "ms"; ms: number } | { k: "endsAt"; delta: -1 | 0 | 1 } | { k: "idle"; delta: -1 | 0 | 1 } | { k: "hours" };

class Tick extends Step {
  constructor(readonly how: Advance) {
    super();
  }
  async act(m: Model, r: Real) {
    const { clock, out } = r;
    const s = r.service.get(r.code)!;
    const h = this.how;
    const endsAt = s.game?.currentRound?.endsAt ?? clock.now();
    const target = h.k === "ms" ? clock.now() + h.ms : h.k === "endsAt" ? endsAt + h.delta : h.k === "idle" ? out.lastActivity + IDLE_MS + h.delta : clock.now() + 5 * IDLE_MS;
    const phase = s.game?.phase;
    await clock.advance(Math.max(0, target - clock.now()));
    const after = r.service.get(r.code);
    if (phase === "question" && clock.now() >= endsAt && after) must(after.game?.phase !== "question", "the round is still open after endsAt passed");
    if (after) return;
    // Only idleness ends a lobby while the clock runs, and exactly when the idle time is up.
    must(out.endedAt !== null && out.endedAt === out.lastActivity + IDLE_MS, `expired at ${out.endedAt}, idle since ${out.lastActivity}`);
    count("expired");
    await closedBy(m, r, "expired");
  }
  toString() {
    return `tick(${fc.stringify(this.how)})`;
  }
}

class JudgeLands extends Step {
  constructor(readonly all: boolean) {
    super();
  }
  async act(_m: Model, r: Real) {
    await settle(1); // the service asks the judge from a promise callback
    const waiting = r.judge.waiting;
    count(`judge-at ${r.service.get(r.code)?.game?.phase ?? "lobby"} waiting ${waiting}`);
    r.judge.release(this.all ? Infinity : 1);
    count(`judge-release ${Math.min(waiting, this.all ? waiting : 1)}`);
    await settle();
  }
  toString() {
    return `judgeLands(${this.all ? "all" : "one"})`;
  }
}

class Overrule extends Step {
  constructor(
    readonly by: Who,
    readonly round: number,
    readonly team: Team,
    readonly correct: boolean | "flip",
  ) {
    super();
  }
  async act(m: Model, r: Real) {
    const s = r.service.get(r.code)!;
    const by = resolve(s, m, this.by);
    const rounds = s.game?.rounds ?? [];
    // Mostly the latest round, sometimes an earlier one or one that does not exist.
    const number = this.round < 12 ? rounds.length : this.round < 18 ? 1 + (this.round % Math.max(1, rounds.length)) : this.round;
    const old = rounds.find((x) => x.number === number);
    const verdict = old ? old.plays[this.team].correct : null;
    const correct = this.correct === "flip" ? !verdict : this.correct;
    const { before, out } = await send(r, { type: "overrule", by, roundNumber: number, team: this.team, correct });
    hostOnly(before, by, out, "overrule");
    if (by === before!.hostId && old && verdict !== null && verdict !== correct && (s.game!.phase === "results" || s.game!.phase === "complete")) expectKind(out, "ok", "overrule of a typed answer");
    if (out.ok) {
      const now = out.state.game!.rounds.find((x) => x.number === number)!;
      must(now.plays[this.team].correct === correct, "the overrule did not take");
    }
  }
  toString() {
    return `overrule(by ${showWho(this.by)}, #${this.round}, ${this.team}, ${this.correct})`;
  }
}

const submitArb = fc
  .record({
    who: whoArb,
    team: fc.constantFrom<TeamChoice>("own", "own", "own", "own", "other", "blue", "red"),
    round: fc.oneof({ weight: 8, arbitrary: fc.constant<RoundChoice>("current") }, { weight: 1, arbitrary: fc.constantFrom<RoundChoice>("prev", "next") }, { weight: 1, arbitrary: fc.integer({ min: -1, max: 25 }) }),
    answer: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom<AnswerChoice>("right", "right", "padded", "lower", "wrong", "wrong") },
      { weight: 1, arbitrary: fc.constantFrom<AnswerChoice>("blank", "empty") },
      { weight: 1, arbitrary: fc.string({ maxLength: 250 }).map((text): AnswerChoice => ({ text })) },
    ),
    isSteal: fc.boolean().chain((b) => (b ? fc.boolean() : fc.constant(false))),
    lateBy: fc.oneof(fc.constant(0), fc.nat(200_000)),
  })
  .map((x) => new Submit(x.who, x.team, x.round, x.answer, x.isSteal, x.lateBy));

const tickArb = fc
  .oneof(
    { weight: 4, arbitrary: fc.nat(20_000).map((ms): Advance => ({ k: "ms", ms })) },
    { weight: 1, arbitrary: fc.oneof(fc.constant<Advance>({ k: "ms", ms: 0 }), fc.constant<Advance>({ k: "hours" }), fc.constantFrom(-1, 0, 1).map((delta): Advance => ({ k: "idle", delta: delta as -1 | 0 | 1 }))) },
    { weight: 12, arbitrary: fc.constantFrom(-1, 0, 1).map((delta): Advance => ({ k: "endsAt", delta: delta as -1 | 0 | 1 })) },
  )
  .map((how) => new Tick(how));

const moveArb = fc.constantFrom<Move>("none", "right", "right", "wrong", "wrong", "steal", "steal", "blank");

export const roundKinds = {
  startRound: hostishArb.map((w): Cmd => new StartRound(w)),
  submit: submitArb as fc.Arbitrary<Cmd>,
  tick: tickArb as fc.Arbitrary<Cmd>,
  judgeLands: fc.boolean().map((all): Cmd => new JudgeLands(all)),
  overrule: fc.tuple(hostishArb, fc.nat(20), fc.constantFrom<Team>("blue", "red"), fc.constantFrom<boolean | "flip">(true, false, "flip", "flip")).map(([by, n, t, c]): Cmd => new Overrule(by, n, t, c)),
  playRound: fc
    .tuple(fc.record({ blue: moveArb, red: moveArb }), fc.record({ blue: fc.nat(8), red: fc.nat(8) }), fc.boolean(), fc.constantFrom(true, true, true, false))
    .map(([moves, by, redFirst, land]): Cmd => new PlayRound(moves, by, redFirst, land)),
};
