// The one stateful service: the registry of lobbies, their timers, durability and effects.
// Every change goes through dispatch(), which is synchronous: the rules are synchronous and async
// work (question fetching, judging) happens outside and comes back as a command, so commands on a
// lobby never interleave.
import { refuse, type Command, type Refusal } from "../game/commands";
import type { Effect } from "../game/effects";
import { closeLobby, createLobby, validName } from "../game/lobby-rules";
import type { Outcome } from "../game/outcome";
import { reduce } from "../game/reduce";
import { canStartGame, finishedGame, resumeEffects } from "../game/round-rules";
import { hostPresence } from "../game/host-rules";
import { DEFAULT_HOST_GRACE_MS, NAME_MAX, normalizeCode } from "../game/settings";
import type { GameState, LobbyState, Team } from "../game/types";
import { ClockGuard, LobbyTimers, realClock, type Clock } from "./clock";
import { randomCode } from "./codes";
import { FAULT_CLOSE_REASON, FAULT_LIMIT, LOBBY_FAULT, faultLine } from "./lobby-faults";
import { nameKey } from "./name-key";
import { OwnQuestionBook, type OwnQuota } from "./own-questions";
import { durably, isStorageFault } from "./storage-fault";
import { silentBroadcaster, type AnswerJudge, type Broadcaster, type QuestionSource } from "./seams";
import type { LobbyStore } from "./store";

export const DEFAULT_IDLE_MS = 2 * 60 * 60 * 1000;
const IDLE_TIMER = "idle-expiry";
const NO_QUOTA: OwnQuota = { lobbyBytes: Number.POSITIVE_INFINITY, totalBytes: Number.POSITIVE_INFINITY };
/** How soon a timer's or the judge's command refused by the disk is tried again. */
export const STORAGE_RETRY_MS = 1000;

export interface ServiceOptions {
  store: LobbyStore;
  questions: QuestionSource;
  judge: AnswerJudge;
  clock?: Clock;
  idleMs?: number;
  /** how long a disconnected host keeps the role (HOST_GRACE_S) */
  hostGraceMs?: number;
  /** lobbies open at once (MAX_LOBBIES) */
  maxLobbies?: number;
  /** what a lobby's own questions may take (OWN_QUESTIONS_LOBBY_BYTES, OWN_QUESTIONS_TOTAL_BYTES) */
  ownQuota?: OwnQuota;
  newId?: () => string;
  newCode?: () => string;
  log?: (line: string) => void;
  /** the rules; a seam so tests can make one throw, as a bug would (docs/architecture.md "The fault boundary") */
  reduce?: typeof reduce;
}

interface Entry {
  state: LobbyState;
  timers: LobbyTimers;
  /** when the lobby expires unless something happens before */
  idleAt: number;
  /** faults in a row; any command the rules take without throwing starts the count again */
  faults: number;
}

export type Created = { ok: true; state: LobbyState; playerId: string } | Extract<Outcome, { ok: false }>;

export class LobbyService {
  broadcaster: Broadcaster = silentBroadcaster;
  private readonly lobbies = new Map<string, Entry>();
  private readonly clock: Clock;
  private readonly clockGuard: ClockGuard;
  private readonly idleMs: number;
  private readonly hostGraceMs: number;
  private readonly newId: () => string;
  private readonly newCode: () => string;
  private readonly log: (line: string) => void;
  private readonly reduce: typeof reduce;

  constructor(private readonly opts: ServiceOptions) {
    this.clock = opts.clock ?? realClock;
    this.clockGuard = new ClockGuard(this.clock);
    this.idleMs = opts.idleMs ?? DEFAULT_IDLE_MS;
    this.hostGraceMs = opts.hostGraceMs ?? DEFAULT_HOST_GRACE_MS;
    this.newId = opts.newId ?? (() => crypto.randomUUID());
    this.newCode = opts.newCode ?? (() => randomCode());
    this.log = opts.log ?? ((line) => console.log(line));
    this.reduce = opts.reduce ?? reduce;
    this.restore();
  }

  /** Brings back every saved lobby; those idle past their lifetime are dropped. */
  private restore(): void {
    const now = this.clock.now();
    for (const { state, updatedAt } of this.opts.store.loadAll()) {
      if (updatedAt + this.idleMs <= now) {
        // On a disk that refuses it, the row stays and the next start drops it again.
        durably(() => this.opts.store.remove(state.code), this.log, `dropping idle ${state.code}`);
        continue;
      }
      // No socket survives a restart: everyone is away until they reconnect, the host's grace
      // period included (unless it had already begun before the restart).
      try {
        const away = { ...state, players: state.players.map((p) => ({ ...p, connected: false })) };
        const host = hostPresence(away, false, typeof state.hostAwaySince === "number" ? state.hostAwaySince : now, this.hostGraceMs);
        const entry: Entry = { state: host.state, timers: new LobbyTimers(this.clock), idleAt: updatedAt + this.idleMs, faults: 0 };
        const effects = [...host.effects, ...resumeEffects(host.state)];
        this.lobbies.set(state.code, entry);
        this.armIdle(state.code, entry);
        this.run(state.code, entry, effects);
      } catch (err) {
        // A lobby the rules cannot even bring back would fail at every start: it is set aside now.
        this.log(faultLine(state.code, "restoring", err));
        this.lobbies.get(state.code)?.timers.dispose();
        this.lobbies.delete(state.code);
        durably(() => this.opts.store.quarantine(state.code, "its rules failed while restoring it"), this.log, `setting aside ${state.code}`);
      }
    }
  }

  get size(): number {
    return this.lobbies.size;
  }

  get(code: string): LobbyState | undefined {
    return this.lobbies.get(normalizeCode(code))?.state;
  }

  create(hostName: string): Created {
    const name = validName(hostName);
    if (!name) return refuse("invalid", `Name must be 1-${NAME_MAX} characters`);
    if (this.lobbies.size >= (this.opts.maxLobbies ?? Number.POSITIVE_INFINITY)) return refuse("unavailable", "The server has as many lobbies open as it can take; try again later");
    let code = this.newCode();
    for (let tries = 0; this.lobbies.has(code); tries++) {
      if (tries > 1000) return refuse("conflict", "No free lobby code, try again later");
      code = this.newCode();
    }
    const playerId = this.newId();
    const state = createLobby(code, playerId, name, this.clock.now());
    const saved = durably(() => this.opts.store.save(state, this.clock.now()), this.log, `creating ${code}`);
    if (isStorageFault(saved)) return saved;
    const entry: Entry = { state, timers: new LobbyTimers(this.clock), idleAt: 0, faults: 0 };
    this.lobbies.set(code, entry);
    this.touch(code, entry);
    return { ok: true, state, playerId };
  }

  dispatch(rawCode: string, command: Command): Outcome {
    this.reanchor();
    return this.apply(normalizeCode(rawCode), command);
  }

  /**
   * Every command and timer looks at the clock first: if the wall clock was set since (docs/decisions.md
   * "Storage", clock steps), each lobby's deadlines move with it before anything is measured against them.
   */
  private reanchor(): void {
    const by = this.clockGuard.step();
    if (by === 0) return;
    this.log(`clock: the wall clock stepped by ${by} ms; deadlines moved with it`);
    for (const [code, entry] of this.lobbies) {
      entry.idleAt += by;
      this.apply(code, { type: "clockStep", by });
    }
  }

  private apply(code: string, command: Command): Outcome {
    const entry = this.lobbies.get(code);
    if (!entry) return refuse("notFound", "Lobby not found");
    const now = this.clock.now();
    let outcome: Outcome;
    try {
      outcome = this.reduce(entry.state, command, { now, hostGraceMs: this.hostGraceMs, nameKey });
    } catch (err) {
      return this.fault(code, command.type, err);
    }
    entry.faults = 0;
    if (!outcome.ok || (outcome.state === entry.state && outcome.effects.length === 0)) return outcome;
    // Durable before the state is replaced or anyone hears of it: a refused write changes nothing.
    const closing = outcome.effects.some((e) => e.type === "close");
    const written = durably(
      () => {
        if (closing) this.opts.store.remove(code);
        else if (command.type === "chat") this.opts.store.appendChat(code, outcome.state.chat.at(-1)!);
        else this.opts.store.save(outcome.state, now);
      },
      this.log,
      `${command.type} in ${code}`,
    );
    if (isStorageFault(written)) return written;
    entry.state = outcome.state;
    if (!closing) this.touch(code, entry);
    this.run(code, entry, outcome.effects);
    return outcome;
  }

  /** Starting fetches a game's questions first (maybe from an AI), outside the lobby's command flow. */
  async startGame(rawCode: string, by: string): Promise<Outcome> {
    const state = this.get(rawCode);
    if (!state) return refuse("notFound", "Lobby not found");
    let refusal: Refusal | null;
    try {
      refusal = canStartGame(state, by);
    } catch (err) {
      return this.fault(state.code, "startGame", err);
    }
    if (refusal) return refusal;
    const own = this.opts.store.ownQuestions(state.code);
    const questions = await this.opts.questions.pick({ tags: state.settings.tags, count: state.settings.rounds, exclude: state.asked, own }).catch((err: unknown) => {
      this.log(`questions: could not pick for ${state.code}: ${String(err)}`);
      return [];
    });
    return this.dispatch(state.code, { type: "startGame", by, questions });
  }

  /** The lobby's finished game, for its results to keep; a game still running has none yet. */
  finishedGame(rawCode: string): Refusal | { ok: true; code: string; game: GameState } {
    const state = this.get(rawCode);
    if (!state) return refuse("notFound", "Lobby not found");
    const game = finishedGame(state);
    return game ? { ok: true, code: state.code, game } : refuse("conflict", "The game is not over yet");
  }

  /** The lobby's own questions, for its host alone (docs/decisions.md "Your own questions"): the book, or why not. */
  questionBook(rawCode: string, by: string): Refusal | { ok: true; book: OwnQuestionBook } {
    const code = normalizeCode(rawCode);
    const entry = this.lobbies.get(code);
    if (!entry) return refuse("notFound", "Lobby not found");
    if (entry.state.hostId !== by) return refuse("forbidden", "Only the host can see and change the lobby's questions");
    return { ok: true, book: new OwnQuestionBook(this.opts.store, entry.state, this.clock.now(), () => this.touch(code, entry), this.log, this.opts.ownQuota ?? NO_QUOTA) };
  }

  /** Activity moves the deadline; the one idle timer is re-armed only when it fires early, not on every command. */
  private touch(code: string, entry: Entry): void {
    entry.idleAt = this.clock.now() + this.idleMs;
    if (!entry.timers.has(IDLE_TIMER)) this.armIdle(code, entry);
  }

  private armIdle(code: string, entry: Entry): void {
    entry.timers.at(IDLE_TIMER, entry.idleAt, () =>
      this.guard(code, "the idle timer", () => {
        this.reanchor();
        if (this.clock.now() < entry.idleAt) this.armIdle(code, entry);
        else this.expire(code);
      }),
    );
  }

  private expire(code: string): void {
    const entry = this.lobbies.get(code);
    if (!entry) return;
    if (isStorageFault(durably(() => this.opts.store.remove(code), this.log, `expiring ${code}`))) {
      entry.idleAt = this.clock.now() + STORAGE_RETRY_MS;
      return this.armIdle(code, entry);
    }
    this.log(`lobby ${code} expired after being idle`);
    this.run(code, entry, closeLobby(entry.state, "The lobby closed after being idle too long"));
  }

  /**
   * Each effect runs on its own: the command is already saved, so one that throws is a fault of the
   * lobby (logged, counted) and the rest still run, rather than leave timers or players behind.
   */
  private run(code: string, entry: Entry, effects: Effect[]): void {
    for (const effect of effects) this.guard(code, `its ${effect.type} effect`, () => this.runOne(code, entry, effect));
  }

  private runOne(code: string, entry: Entry, effect: Effect): void {
    switch (effect.type) {
      case "emit":
        this.broadcaster.emit(code, effect.to, effect.event, effect.payload);
        break;
      case "schedule":
        entry.timers.at(effect.key, effect.at, () => this.guard(code, `the ${effect.key} timer`, () => this.retrying(code, effect.key, effect.command)));
        break;
      case "cancel":
        entry.timers.cancel(effect.key);
        break;
      case "judge":
        this.judge(code, effect).catch((err: unknown) => this.fault(code, "the judge's continuation", err));
        break;
      case "seat":
        this.broadcaster.seat(code, effect.playerId, effect.team);
        break;
      case "close":
        // The row is already gone (or set aside): dispatch, expire and condemn see to it before running this.
        entry.timers.dispose();
        this.lobbies.delete(code);
        this.broadcaster.close(code);
        break;
    }
  }

  private async judge(code: string, effect: Extract<Effect, { type: "judge" }>): Promise<void> {
    const verdicts: Partial<Record<Team, boolean>> = {};
    await Promise.all(
      (Object.entries(effect.answers) as [Team, string][]).map(async ([team, given]) => {
        verdicts[team] = await Promise.resolve().then(() => this.opts.judge.judge(effect.question, given)).catch((err: unknown) => {
          this.log(`judge: failed on round ${effect.roundNumber} of ${code}, counted wrong: ${String(err)}`);
          return false;
        });
      }),
    );
    this.retrying(code, `judged-${effect.roundNumber}`, { type: "judged", roundNumber: effect.roundNumber, verdicts, of: { question: effect.question.question, answers: effect.answers } });
  }

  /**
   * A timer's or the judge's command: no one waits on it, so one the disk refused, or whose rule threw,
   * is tried again until it is taken (a rule that keeps throwing ends the lobby after FAULT_LIMIT tries).
   */
  private retrying(code: string, key: string, command: Command): void {
    if (!isStorageFault(this.dispatch(code, command))) return;
    this.lobbies.get(code)?.timers.at(key, this.clock.now() + STORAGE_RETRY_MS, () => this.guard(code, `the ${key} timer`, () => this.retrying(code, key, command)));
  }

  /** Runs a piece of the lobby's work inside its fault boundary. */
  private guard(code: string, what: string, work: () => void): void {
    try {
      work();
    } catch (err) {
      this.fault(code, what, err);
    }
  }

  /** Logs the fault and counts it against the lobby; the caller refuses what it was doing. */
  private fault(code: string, what: string, err: unknown): Refusal {
    this.log(faultLine(code, what, err));
    const entry = this.lobbies.get(code);
    if (entry && ++entry.faults >= FAULT_LIMIT) this.condemn(code, entry);
    return LOBBY_FAULT;
  }

  /** Ends a lobby that keeps failing, for its players, and sets its rows aside so no restart brings it back. */
  private condemn(code: string, entry: Entry): void {
    this.log(`fault: lobby ${code} failed ${FAULT_LIMIT} times in a row; ending it and setting it aside`);
    // Gone from the registry first: a fault while it closes is only logged (fault() finds no lobby
    // to count it against), so it cannot be condemned twice.
    this.lobbies.delete(code);
    entry.timers.dispose();
    durably(() => this.opts.store.quarantine(code, `failed ${FAULT_LIMIT} times in a row`), this.log, `setting aside ${code}`);
    this.run(code, entry, closeLobby(entry.state, FAULT_CLOSE_REASON));
  }

  /** Timers stop; state is already durable. */
  shutdown(): void {
    for (const entry of this.lobbies.values()) entry.timers.dispose();
  }

  /** Live timers across lobbies, so tests can see that none outlive their lobby. */
  get timerCount(): number {
    let n = 0;
    for (const entry of this.lobbies.values()) n += entry.timers.size;
    return n;
  }
}
