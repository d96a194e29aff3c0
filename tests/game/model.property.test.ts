// Model-based property test: random command sequences drive one real LobbyService per run (fake
// clock, temp-file store, question pool, judge and question source that answer when the test says)
// and the invariants of DESIGN.md section 3 are checked on the real state after every step
// (tests/support/model-invariants.ts). The model stays light: the ids that exist, how the lobby
// ended, the locks seen. Each command also checks its own outcome against the rule it exercises
// (who may do it, which kind of refusal). MODEL_STATS=1 prints what the runs covered.
import { afterAll, beforeAll, expect, test } from "bun:test";
import fc from "fast-check";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Command, RefusalKind } from "../../src/game/commands";
import type { Outcome } from "../../src/game/outcome";
import { reduce } from "../../src/game/reduce";
import type { LobbyState, Team } from "../../src/game/types";
import { LobbyStore } from "../../src/lobbies/store";
import { bootReal, IDLE_MS, POOL_SIZE, settle, type Real } from "../support/model-harness";
import { checkInvariants, initialModel, must, type Model } from "../support/model-invariants";

type Cmd = fc.AsyncCommand<Model, Real>;

// ---- who does it: resolved against the real state when the command runs ----

type Who = { k: "host" } | { k: "seat"; i: number } | { k: "nonHost"; i: number } | { k: "onTeam"; team: Team; i: number } | { k: "known"; i: number } | { k: "ghost" };
const whoArb: fc.Arbitrary<Who> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ k: "host" as const }) },
  { weight: 3, arbitrary: fc.nat(20).map((i) => ({ k: "seat" as const, i })) },
  { weight: 3, arbitrary: fc.nat(20).map((i) => ({ k: "nonHost" as const, i })) },
  { weight: 1, arbitrary: fc.nat(40).map((i) => ({ k: "known" as const, i })) },
  { weight: 1, arbitrary: fc.constant({ k: "ghost" as const }) },
);
/** For host-only commands: mostly the host, so games happen; sometimes anyone. */
const hostishArb: fc.Arbitrary<Who> = fc.oneof({ weight: 5, arbitrary: fc.constant({ k: "host" as const }) }, { weight: 2, arbitrary: whoArb });
/** For commands that end things: rarely the host, so most runs live long enough to play. */
const rarelyHostArb: fc.Arbitrary<Who> = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ k: "host" as const }) },
  { weight: 6, arbitrary: fc.nat(20).map((i) => ({ k: "nonHost" as const, i })) },
  { weight: 1, arbitrary: fc.constant({ k: "ghost" as const }) },
);
const GHOST = "ghost-never-seated";
const showWho = (w: Who) => (w.k === "host" || w.k === "ghost" ? w.k : w.k === "onTeam" ? `${w.team}#${w.i}` : `${w.k}#${w.i}`);

function resolve(s: LobbyState | undefined, m: Model, w: Who): string {
  const players = s?.players ?? [];
  const others = players.filter((p) => p.id !== s?.hostId);
  switch (w.k) {
    case "host":
      return s?.hostId ?? m.known[0]!;
    case "seat":
      return players.length ? players[w.i % players.length]!.id : GHOST;
    case "nonHost":
      return others.length ? others[w.i % others.length]!.id : GHOST;
    case "onTeam": {
      const team = players.filter((p) => p.team === w.team);
      return team.length ? team[w.i % team.length]!.id : GHOST;
    }
    case "known":
      return m.known[w.i % m.known.length]!;
    case "ghost":
      return GHOST;
  }
}

// ---- running a command on the real service, with the checks every command shares ----

const coverage = new Map<string, number>();
const count = (key: string) => coverage.set(key, (coverage.get(key) ?? 0) + 1);
const tally = (name: string, out: Outcome) => count(`${name} ${out.ok ? "ok" : `${out.kind} ${out.message}`}`);

/** Dispatches, keeping a copy of the state before for the oracles. (The harness checks that a refusal leaves the state untouched.) */
function send(r: Real, command: Command): { before: LobbyState | undefined; out: Outcome } {
  const live = r.service.get(r.code);
  const before = live && structuredClone(live);
  return { before, out: r.service.dispatch(r.code, command) };
}

const kindOf = (out: Outcome): RefusalKind | "ok" => (out.ok ? "ok" : out.kind);
const expectKind = (out: Outcome, want: RefusalKind | "ok", what: string) => must(kindOf(out) === want, `${what}: got ${kindOf(out)} (${out.ok ? "" : out.message}), expected ${want}`);

/** Commands only the host may give: anyone else is refused as forbidden. */
function hostOnly(before: LobbyState | undefined, by: string, out: Outcome, what: string): void {
  if (before && by !== before.hostId) expectKind(out, "forbidden", `${what} by non-host ${by}`);
}

/** The lobby closed on this command: ended, emptied, or idle. */
function closedBy(m: Model, r: Real, how: NonNullable<Model["gone"]>): void {
  must(r.service.get(r.code) === undefined, `the lobby should be gone after it ${how}`);
  m.gone = how;
  must(r.store.loadAll().length === 0, "the ended lobby is still in the store");
}

abstract class Step implements Cmd {
  check(m: Readonly<Model>): boolean {
    return m.gone === null;
  }
  abstract act(m: Model, r: Real): void | Promise<void>;
  async run(m: Model, r: Real): Promise<void> {
    count("steps");
    count(`phase ${r.service.get(r.code)?.game?.phase ?? "lobby"}`);
    // A synchronous command is observed synchronously: no verdict may slip in before the checks.
    const pending = this.act(m, r);
    if (pending) await pending;
    checkInvariants(r, m);
  }
  abstract toString(): string;
}

// ---- membership ----

const NAMES = ["Ann", "ann", "ANN", " Ann ", "Bob", "bOB", "Cy", "Dee", "Host", "HOST", "host ", "A  b", "a b", "Éva", "éVA", "x".repeat(32), "X".repeat(33), "", "   ", "\t\n"];
const nameArb = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NAMES) },
  { weight: 3, arbitrary: fc.tuple(fc.constantFrom("Pat", "pat", "Kim", "KIM", "Lu"), fc.nat(30)).map(([n, i]) => `${n}${i}`) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
);

class Join extends Step {
  constructor(
    readonly name: string,
    readonly reuse: number | null,
  ) {
    super();
  }
  act(m: Model, r: Real) {
    const id = this.reuse === null ? `p${m.nextId++}` : m.known[this.reuse % m.known.length]!;
    if (!m.known.includes(id)) m.known.push(id);
    const { before, out } = send(r, { type: "join", playerId: id, name: this.name });
    const s = before!;
    const name = this.name.trim().replace(/\s+/g, " ");
    const blue = s.players.filter((p) => p.team === "blue").length;
    const red = s.players.length - blue;
    const expected: RefusalKind | "ok" =
      name.length < 1 || name.length > 32 ? "invalid"
      : s.players.some((p) => p.name.toLowerCase() === name.toLowerCase()) || s.players.some((p) => p.id === id) || s.barred.includes(id) ? "conflict"
      : blue >= 8 && red >= 8 ? "conflict"
      : "ok";
    if (expected === "invalid") must(!out.ok, `join accepted the name ${JSON.stringify(this.name)}`);
    else expectKind(out, expected, `join ${id} as ${JSON.stringify(this.name)}`);
    if (!out.ok) return;
    const seated = out.state.players.at(-1)!;
    const team: Team = blue <= red ? "blue" : "red";
    must(seated.id === id && seated.name === name && seated.team === team && !seated.isCaptain && !seated.isHost, `joined as ${JSON.stringify(seated)}, expected ${name} on ${team}`);
  }
  toString() {
    return `join(${JSON.stringify(this.name)}${this.reuse === null ? "" : `, known#${this.reuse}`})`;
  }
}

/** Several fresh players at once, so teams can fill up within a run. */
class Crowd extends Step {
  constructor(readonly size: number) {
    super();
  }
  act(m: Model, r: Real) {
    for (let i = 0; i < this.size; i++) {
      const id = `p${m.nextId++}`;
      m.known.push(id);
      const before = r.service.get(r.code)!;
      const full = ["blue", "red"].every((t) => before.players.filter((p) => p.team === t).length >= 8);
      const { out } = send(r, { type: "join", playerId: id, name: `Guest ${id}` });
      expectKind(out, full ? "conflict" : "ok", `crowd join ${id}`);
    }
  }
  toString() {
    return `crowd(${this.size})`;
  }
}

class Leave extends Step {
  constructor(readonly who: Who) {
    super();
  }
  act(m: Model, r: Real) {
    const id = resolve(r.service.get(r.code), m, this.who);
    const { before, out } = send(r, { type: "leave", playerId: id });
    const seated = before!.players.some((p) => p.id === id);
    expectKind(out, seated ? "ok" : "notFound", `leave by ${id}`);
    if (!out.ok) return;
    if (before!.players.length === 1) return closedBy(m, r, "left");
    const s = r.service.get(r.code)!;
    must(!s.players.some((p) => p.id === id) && s.barred.includes(id), `${id} left but is still seated or not barred`);
    if (before!.hostId === id) {
      // The longest-seated connected player, or the longest-seated one when nobody is connected.
      const others = before!.players.filter((p) => p.id !== id);
      must(s.hostId === (others.find((p) => p.connected) ?? others[0])!.id, "the host role did not pass to the longest-seated connected player");
    }
  }
  toString() {
    return `leave(${showWho(this.who)})`;
  }
}

class Kick extends Step {
  constructor(
    readonly by: Who,
    readonly target: Who,
  ) {
    super();
  }
  act(m: Model, r: Real) {
    const s = r.service.get(r.code);
    const by = resolve(s, m, this.by);
    const id = resolve(s, m, this.target);
    const { before, out } = send(r, { type: "kick", by, playerId: id });
    hostOnly(before, by, out, "kick");
    if (by === before!.hostId && id === by) expectKind(out, "forbidden", "the host kicking themself");
    if (by === before!.hostId && id !== by) expectKind(out, before!.players.some((p) => p.id === id) ? "ok" : "notFound", `kick ${id}`);
    if (out.ok) must(!out.state.players.some((p) => p.id === id) && out.state.barred.includes(id), `kicked ${id} is still seated or not barred`);
  }
  toString() {
    return `kick(by ${showWho(this.by)}, ${showWho(this.target)})`;
  }
}

class TeamSelect extends Step {
  constructor(
    readonly who: Who,
    readonly team: Team,
    readonly isCaptain: boolean,
  ) {
    super();
  }
  act(m: Model, r: Real) {
    const id = resolve(r.service.get(r.code), m, this.who);
    const { before, out } = send(r, { type: "teamSelect", playerId: id, team: this.team, isCaptain: this.isCaptain });
    const s = before!;
    const me = s.players.find((p) => p.id === id);
    if (!me) return expectKind(out, "notFound", `teamSelect by unseated ${id}`);
    const size = s.players.filter((p) => p.team === this.team).length;
    const captain = s.players.find((p) => p.team === this.team && p.isCaptain);
    if (s.game) expectKind(out, "conflict", "teamSelect during a game");
    else if (me.team !== this.team && size >= 8) expectKind(out, "conflict", `moving to a full ${this.team}`);
    else if (this.isCaptain && captain && captain.id !== id) expectKind(out, "conflict", `taking ${this.team}'s captain slot from ${captain.id}`);
    if (out.ok) {
      const now = out.state.players.find((p) => p.id === id)!;
      must(now.team === this.team && now.isCaptain === this.isCaptain, `teamSelect left ${id} as ${JSON.stringify(now)}`);
    }
  }
  toString() {
    return `teamSelect(${showWho(this.who)}, ${this.team}${this.isCaptain ? ", captain" : ""})`;
  }
}

/** Two players (maybe the same, maybe unseated) each claim a captain slot, as a party does before starting. */
class Rally extends Step {
  constructor(
    readonly blue: Who,
    readonly red: Who,
  ) {
    super();
  }
  async act(m: Model, r: Real) {
    await new TeamSelect(this.blue, "blue", true).act(m, r);
    checkInvariants(r, m);
    await new TeamSelect(this.red, "red", true).act(m, r);
  }
  toString() {
    return `rally(blue ${showWho(this.blue)}, red ${showWho(this.red)})`;
  }
}

// ---- settings ----

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
  act(m: Model, r: Real) {
    const by = resolve(r.service.get(r.code), m, this.by);
    const { before, out } = send(r, { type: "updateSettings", by, settings: this.settings });
    hostOnly(before, by, out, "updateSettings");
    if (by === before!.hostId) expectKind(out, before!.game ? "conflict" : "ok", "updateSettings by the host");
    if (!out.ok) return;
    const { rounds, roundLimit } = this.settings;
    const kept = (v: unknown, lo: number, hi: number) => typeof v === "number" && Number.isInteger(v) && v >= lo && v <= hi;
    if (kept(rounds, 1, 20)) must(out.state.settings.rounds === rounds, `rounds ${String(rounds)} became ${out.state.settings.rounds}`);
    if (kept(roundLimit, 15, 120)) must(out.state.settings.roundLimit === roundLimit, `roundLimit ${String(roundLimit)} became ${out.state.settings.roundLimit}`);
    if (rounds === undefined) must(out.state.settings.rounds === before!.settings.rounds, "an absent rounds changed");
  }
  toString() {
    return `updateSettings(by ${showWho(this.by)}, ${fc.stringify(this.settings)})`;
  }
}

// ---- the game ----

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
    const captains = ["blue", "red"].every((t) => before.players.some((p) => p.team === t && p.isCaptain));
    if (by === before.hostId && (before.game || !captains)) expectKind(out, "conflict", "startGame without both captains or during a game");
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

class StartRound extends Step {
  constructor(readonly by: Who) {
    super();
  }
  act(m: Model, r: Real) {
    const by = resolve(r.service.get(r.code), m, this.by);
    const { before, out } = send(r, { type: "startRound", by });
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
  act(m: Model, r: Real) {
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
    const { before, out } = send(r, { type: "submit", playerId: id, team, roundNumber, answer, isSteal: this.isSteal });
    const round = before!.game?.phase === "question" ? before!.game.currentRound : null;
    const open = me && me.team === team && round && round.number === roundNumber;
    if (!me) expectKind(out, "notFound", `submit by unseated ${id}`);
    else if (me.team !== team) must(!out.ok, `${id} of ${me.team} answered for ${team}`);
    else if (!round || round.number !== roundNumber) expectKind(out, "conflict", `submit for round ${roundNumber} when ${round ? `round ${round.number}` : "no round"} is open`);
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
    must(late.kind === "conflict" || !s.players.some((p) => p.id === id && p.team === team), `a late submission got ${late.kind}, not conflict`);
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
    new StartRound({ k: "host" }).act(m, r);
    checkInvariants(r, m);
    for (const team of this.redFirst ? (["red", "blue"] as const) : (["blue", "red"] as const)) {
      const move = this.moves[team];
      if (move === "none") continue;
      const answer: AnswerChoice = move === "right" ? "right" : move === "blank" ? "blank" : move === "wrong" ? "wrong" : "empty";
      new Submit({ k: "onTeam", team, i: this.by[team] }, "own", "current", answer, move === "steal", 0).act(m, r);
      checkInvariants(r, m);
    }
    new Tick({ k: "endsAt", delta: 0 }).act(m, r);
    if (!this.land) return;
    checkInvariants(r, m);
    await new JudgeLands(true).act(m, r);
  }
  toString() {
    return `playRound(${this.moves.blue}@blue#${this.by.blue}, ${this.moves.red}@red#${this.by.red}${this.redFirst ? ", red first" : ""}${this.land ? ", verdicts land" : ""})`;
  }
}

/** The host takes everyone back to the lobby and starts the next game straight away. */
class Rematch extends Step {
  constructor(readonly slow: boolean) {
    super();
  }
  async act(m: Model, r: Real) {
    new ReturnToLobby({ k: "host" }).act(m, r);
    checkInvariants(r, m);
    await new StartGame({ k: "host" }, false, this.slow).act(m, r);
  }
  toString() {
    return `rematch(${this.slow ? "slow" : ""})`;
  }
}

type Advance = { k: "ms"; ms: number } | { k: "endsAt"; delta: -1 | 0 | 1 } | { k: "idle"; delta: -1 | 0 | 1 } | { k: "hours" };

class Tick extends Step {
  constructor(readonly how: Advance) {
    super();
  }
  act(m: Model, r: Real) {
    const { clock, out } = r;
    const s = r.service.get(r.code)!;
    const h = this.how;
    const endsAt = s.game?.currentRound?.endsAt ?? clock.now();
    const target = h.k === "ms" ? clock.now() + h.ms : h.k === "endsAt" ? endsAt + h.delta : h.k === "idle" ? out.lastActivity + IDLE_MS + h.delta : clock.now() + 5 * IDLE_MS;
    const phase = s.game?.phase;
    clock.advance(Math.max(0, target - clock.now()));
    const after = r.service.get(r.code);
    if (phase === "question" && clock.now() >= endsAt && after) must(after.game?.phase !== "question", "the round is still open after endsAt passed");
    if (after) return;
    // Only idleness ends a lobby while the clock runs, and exactly when the idle time is up.
    must(out.endedAt !== null && out.endedAt === out.lastActivity + IDLE_MS, `expired at ${out.endedAt}, idle since ${out.lastActivity}`);
    count("expired");
    closedBy(m, r, "expired");
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
  act(m: Model, r: Real) {
    const s = r.service.get(r.code)!;
    const by = resolve(s, m, this.by);
    const rounds = s.game?.rounds ?? [];
    // Mostly the latest round, sometimes an earlier one or one that does not exist.
    const number = this.round < 12 ? rounds.length : this.round < 18 ? 1 + (this.round % Math.max(1, rounds.length)) : this.round;
    const old = rounds.find((x) => x.number === number);
    const verdict = old ? old.plays[this.team].correct : null;
    const correct = this.correct === "flip" ? !verdict : this.correct;
    const { before, out } = send(r, { type: "overrule", by, roundNumber: number, team: this.team, correct });
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

class ReturnToLobby extends Step {
  constructor(readonly by: Who) {
    super();
  }
  act(m: Model, r: Real) {
    const by = resolve(r.service.get(r.code), m, this.by);
    const { before, out } = send(r, { type: "returnToLobby", by });
    hostOnly(before, by, out, "returnToLobby");
    if (by === before!.hostId) expectKind(out, before!.game ? "ok" : "conflict", "returnToLobby by the host");
    if (out.ok) must(out.state.game === null, "still in a game after returnToLobby");
  }
  toString() {
    return `returnToLobby(by ${showWho(this.by)})`;
  }
}

class EndLobby extends Step {
  constructor(readonly by: Who) {
    super();
  }
  act(m: Model, r: Real) {
    const by = resolve(r.service.get(r.code), m, this.by);
    const { before, out } = send(r, { type: "endLobby", by });
    hostOnly(before, by, out, "endLobby");
    if (by === before!.hostId) expectKind(out, "ok", "endLobby by the host");
    if (out.ok) closedBy(m, r, "ended");
  }
  toString() {
    return `endLobby(by ${showWho(this.by)})`;
  }
}

class Chat extends Step {
  constructor(
    readonly who: Who,
    readonly text: string,
    readonly chatType: "team" | "game",
  ) {
    super();
  }
  act(m: Model, r: Real) {
    const id = resolve(r.service.get(r.code), m, this.who);
    const { before, out } = send(r, { type: "chat", playerId: id, message: this.text, chatType: this.chatType });
    const seated = before!.players.some((p) => p.id === id);
    expectKind(out, !seated ? "notFound" : this.text.trim() ? "ok" : "invalid", `chat by ${id}`);
  }
  toString() {
    return `chat(${showWho(this.who)}, ${JSON.stringify(this.text)}, ${this.chatType})`;
  }
}

class Presence extends Step {
  constructor(
    readonly who: Who,
    readonly connected: boolean,
  ) {
    super();
  }
  act(m: Model, r: Real) {
    const id = resolve(r.service.get(r.code), m, this.who);
    const { before, out } = send(r, { type: "presence", playerId: id, connected: this.connected });
    expectKind(out, before!.players.some((p) => p.id === id) ? "ok" : "notFound", `presence of ${id}`);
    if (out.ok) must(out.state.players.find((p) => p.id === id)!.connected === this.connected, "presence did not take");
  }
  toString() {
    return `presence(${showWho(this.who)}, ${this.connected})`;
  }
}

/** After the lobby is gone: every command is notFound, nothing comes back, no timer starts. */
class AfterEnd implements Cmd {
  constructor(readonly which: number) {}
  check(m: Readonly<Model>) {
    return m.gone !== null;
  }
  async run(m: Model, r: Real) {
    const id = m.known[this.which % m.known.length]!;
    const commands: Command[] = [
      { type: "join", playerId: `late-${this.which}`, name: "Latecomer" },
      { type: "startRound", by: id },
      { type: "chat", playerId: id, message: "anyone?", chatType: "game" },
      { type: "timeUp", roundNumber: 1 },
    ];
    const out = this.which % 5 === 4 ? await r.service.startGame(r.code, id) : r.service.dispatch(r.code, commands[this.which % 5]!);
    tally("after-end", out);
    expectKind(out, "notFound", "a command after the lobby closed");
    r.judge.release();
    await settle();
    r.clock.advance(IDLE_MS);
    checkInvariants(r, m);
  }
  toString() {
    return `afterEnd(${this.which})`;
  }
}

// ---- the property ----

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

const kinds = {
  join: fc.tuple(nameArb, fc.option(fc.nat(40), { nil: null, freq: 6 })).map(([name, reuse]): Cmd => new Join(name, reuse)),
  crowd: fc.integer({ min: 1, max: 10 }).map((n): Cmd => new Crowd(n)),
  leave: rarelyHostArb.map((w): Cmd => new Leave(w)),
  kick: fc.tuple(hostishArb, whoArb).map(([by, t]): Cmd => new Kick(by, t)),
  teamSelect: fc.tuple(whoArb, fc.constantFrom<Team>("blue", "red"), fc.boolean()).map(([w, t, c]): Cmd => new TeamSelect(w, t, c)),
  rally: fc.tuple(whoArb, whoArb).map(([b, r]): Cmd => new Rally(b, r)),
  updateSettings: fc.tuple(hostishArb, fc.record({ rounds: roundsArb, roundLimit: limitArb, tags: tagsArb }, { requiredKeys: [] })).map(([by, s]): Cmd => new UpdateSettings(by, s)),
  startGame: fc.tuple(hostishArb, fc.constantFrom(false, false, false, false, false, false, false, true), fc.constantFrom(false, false, false, true)).map(([by, f, slow]): Cmd => new StartGame(by, f, slow)),
  questionsLand: fc.constant<Cmd>(new QuestionsLand()),
  startRound: hostishArb.map((w): Cmd => new StartRound(w)),
  submit: submitArb as fc.Arbitrary<Cmd>,
  tick: tickArb as fc.Arbitrary<Cmd>,
  judgeLands: fc.boolean().map((all): Cmd => new JudgeLands(all)),
  overrule: fc.tuple(hostishArb, fc.nat(20), fc.constantFrom<Team>("blue", "red"), fc.constantFrom<boolean | "flip">(true, false, "flip", "flip")).map(([by, n, t, c]): Cmd => new Overrule(by, n, t, c)),
  returnToLobby: hostishArb.map((w): Cmd => new ReturnToLobby(w)),
  endLobby: rarelyHostArb.map((w): Cmd => new EndLobby(w)),
  chat: fc.tuple(whoArb, fc.oneof(fc.constantFrom("gg", "  ", "", "they said Paris!"), fc.string({ maxLength: 600 })), fc.constantFrom<"team" | "game">("team", "game")).map(([w, t, c]): Cmd => new Chat(w, t, c)),
  presence: fc.tuple(whoArb, fc.boolean()).map(([w, c]): Cmd => new Presence(w, c)),
  afterEnd: fc.nat(50).map((n): Cmd => new AfterEnd(n)),
  rematch: fc.constantFrom(false, false, false, true).map((slow): Cmd => new Rematch(slow)),
  playRound: fc
    .tuple(fc.record({ blue: moveArb, red: moveArb }), fc.record({ blue: fc.nat(8), red: fc.nat(8) }), fc.boolean(), fc.constantFrom(true, true, true, false))
    .map(([moves, by, redFirst, land]): Cmd => new PlayRound(moves, by, redFirst, land)),
};
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
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "stealmate-model-"));
  store = new LobbyStore(join(dir, "lobbies.db"));
});
afterAll(() => {
  store.close();
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
    ok(service.dispatch(code, { type: "join", playerId: id, name: `Player ${n + 1}` }));
  }
  const players = service.get(code)!.players;
  if (o.captains && players.length >= 2) {
    ok(service.dispatch(code, { type: "teamSelect", playerId: players[0]!.id, team: "blue", isCaptain: true }));
    ok(service.dispatch(code, { type: "teamSelect", playerId: players[1]!.id, team: "red", isCaptain: true }));
  }
  if (o.settings) ok(service.dispatch(code, { type: "updateSettings", by: service.get(code)!.hostId, settings: o.settings }));
  if (o.startGame && o.captains && players.length >= 2) ok(await service.startGame(code, service.get(code)!.hostId));
  checkInvariants(real, model);
}

test("random command sequences keep every lobby invariant", async () => {
  await fc.assert(
    fc.asyncProperty(openingArb, fc.oneof(...[partyMix, gameMix].map((arbs) => fc.commands(arbs, { maxCommands: 60, size: "max", replayPath: process.env.MODEL_REPLAY }))), async (opening, cmds) => {
      runs++;
      const real = bootReal(store);
      const model = initialModel(real.service.get(real.code)!.hostId);
      try {
        await open(real, model, opening);
        await fc.asyncModelRun(() => ({ model, real }), cmds);
        const live = real.service.get(real.code);
        if (live) {
          // What is saved is what is live: a restart would bring back this very lobby.
          const saved = real.store.loadAll();
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
