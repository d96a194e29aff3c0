// The one stateful service: the registry of lobbies, their timers, durability and effects.
// Every change goes through dispatch(). The rules are synchronous; the store is a port whose commits
// may be asynchronous (a cluster's), so each lobby has a queue: its commands never interleave (the
// next is reduced on the state the last one committed), while lobbies never wait on each other. A
// command's effects are released only once its commit is acknowledged, in the order of the commands
// (docs/architecture.md "The data flow"). A store that answers at once (SQLite) is answered in the
// same turn, and so is the command.
import { refuse, type Command, type Refusal } from "../game/commands";
import type { Effect } from "../game/effects";
import { closeLobby, createLobby, validName } from "../game/lobby-rules";
import { questionsWanted } from "../game/tournament/tournament-rules";
import { shuffled } from "../ai/offline-source";
import type { Accepted, Outcome } from "../game/outcome";
import { reduce, type Context } from "../game/reduce";
import { canStartGame, finishedGame, resumeEffects } from "../game/round-rules";
import { hostPresence } from "../game/host-rules";
import { canSkip } from "../game/host-controls";
import { DEFAULT_HOST_GRACE_MS, NAME_MAX, normalizeCode } from "../game/settings";
import type { GameState, LobbyState, Mode, Player } from "../game/types";
import { ClockGuard, LobbyTimers, realClock, type Clock } from "./clock";
import { randomCode } from "./codes";
import { FAULT_CLOSE_REASON, FAULT_LIMIT, LOBBY_FAULT, faultLine } from "./lobby-faults";
import { afterDowntime } from "./downtime";
import { nameKey } from "./name-key";
import { OwnQuestionBook, type OwnQuota } from "./own-questions";
import { pickQuestions } from "./pick-questions";
import { isStorageFault, storageRefused } from "./storage-fault";
import { silentBroadcaster, type AnswerJudge, type Broadcaster, type QuestionSource } from "./seams";
import { MOVED_MESSAGE, StoreRefusal, committing, type LobbyChange, type LobbyStorePort, type StoredLobby } from "./store-port";

export const DEFAULT_IDLE_MS = 2 * 60 * 60 * 1000;
const IDLE_TIMER = "idle-expiry";
const NO_QUOTA: OwnQuota = { lobbyBytes: Number.POSITIVE_INFINITY, totalBytes: Number.POSITIVE_INFINITY };
/** How soon a timer's or the judge's command refused by the disk is tried again. */
export const STORAGE_RETRY_MS = 1000;

export interface ServiceOptions {
  store: LobbyStorePort;
  questions: QuestionSource;
  judge: AnswerJudge;
  clock?: Clock;
  idleMs?: number;
  /** how long a disconnected host keeps the role (HOST_GRACE_S) */
  hostGraceMs?: number;
  /** the shortest round a host may set, in seconds (ROUND_LIMIT_MIN_S) */
  roundLimitMin?: number;
  /** lobbies open at once (MAX_LOBBIES) */
  maxLobbies?: number;
  /** what a lobby's own questions may take (OWN_QUESTIONS_LOBBY_BYTES, OWN_QUESTIONS_TOTAL_BYTES) */
  ownQuota?: OwnQuota;
  newId?: () => string;
  newCode?: () => string;
  log?: (line: string) => void;
  /** the rules; a seam so tests can make one throw, as a bug would (docs/architecture.md "The fault boundary") */
  reduce?: typeof reduce;
  /** how long the server was down before this start: open rounds get it back (downtime.ts) */
  downtimeMs?: number;
}

/**
 * A command, or a piece of the lobby's work that must not interleave with its commands. A command
 * answered in the turn it came in is answered by value (`outcome`); one that has to wait (behind
 * another, or on a store that answers later) gets the resolvers of a promise (`waiter`). A work job
 * is the resolvers of the promise its caller holds. Neither makes a closure of its own
 * (docs/bench.md "Allocations per chat line").
 */
type CommandJob = { command: Command; work?: undefined; accepted?: Accepted; closing?: boolean; outcome?: Outcome; waiter?: PromiseWithResolvers<Outcome> };
type WorkJob = PromiseWithResolvers<unknown> & { command?: undefined; work: () => Promise<unknown> };
type Job = CommandJob | WorkJob;

function answer(job: Job, outcome: Outcome): void {
  if (job.work) job.resolve(outcome);
  else if (job.waiter) job.waiter.resolve(outcome);
  else job.outcome = outcome;
}

interface Entry {
  /** the state its last acknowledged commit holds */
  state: LobbyState;
  timers: LobbyTimers;
  /** when the lobby expires unless something happens before */
  idleAt: number;
  /** faults in a row; any command the rules take without throwing starts the count again */
  faults: number;
  queue: Job[];
  /** a job is between its reduce and its commit's answer */
  busy: boolean;
  /** handed to another server (docs/cluster.md): what still waits on it is told so, not that it ended */
  movedAway?: true;
  /** the command whose commit is out, its outcome in `accepted` */
  waiting: CommandJob | null;
  /** The store's later answers to the waiting command, and the queue's next turn: made once per lobby, not per command. */
  committed: () => void;
  refused: (err: unknown) => void;
  resume: () => void;
}

const NOT_FOUND: Refusal = refuse("notFound", "Lobby not found");
/** For commands that were waiting on a lobby handed to another server: the page reconnects and finds it there. */
const MOVED_AWAY: Refusal = refuse("unavailable", MOVED_MESSAGE);

/** Whether the effects end the lobby: a loop, not some() with a closure, as it runs for every command. */
function closes(effects: readonly Effect[]): boolean {
  for (const effect of effects) if (effect.type === "close") return true;
  return false;
}

/**
 * Where a lobby this server does not hold may be found (docs/cluster.md "Owning a lobby"): the
 * lobby to take over, null when there is no such lobby, or a refusal when it cannot be had now (it is
 * moving, or the shared store is unreachable). Absent on one machine, where every lobby is here.
 */
export type Claimer = (code: string) => Promise<StoredLobby | null | Refusal>;

export type Created = { ok: true; state: LobbyState; playerId: string } | Extract<Outcome, { ok: false }>;

export class LobbyService {
  broadcaster: Broadcaster = silentBroadcaster;
  private readonly lobbies = new Map<string, Entry>();
  /** codes of lobbies being created, whose first commit is not acknowledged yet */
  private readonly reserved = new Set<string>();
  /** commits and jobs not answered yet */
  private pending = 0;
  /** a cluster node's way to take over lobbies it does not hold; claims of one code are shared */
  private claimer: Claimer | null = null;
  private readonly claiming = new Map<string, Promise<Refusal | null>>();
  private readonly clock: Clock;
  private readonly clockGuard: ClockGuard;
  private readonly idleMs: number;
  private readonly hostGraceMs: number;
  private readonly newId: () => string;
  private readonly newCode: () => string;
  private readonly log: (line: string) => void;
  private readonly reduce: typeof reduce;
  /** One context for every command, its time set before each: the rules read it and keep nothing of it. */
  private readonly context: Context;

  private constructor(private readonly opts: ServiceOptions) {
    this.clock = opts.clock ?? realClock;
    this.clockGuard = new ClockGuard(this.clock);
    this.idleMs = opts.idleMs ?? DEFAULT_IDLE_MS;
    this.hostGraceMs = opts.hostGraceMs ?? DEFAULT_HOST_GRACE_MS;
    this.newId = opts.newId ?? (() => crypto.randomUUID());
    this.newCode = opts.newCode ?? (() => randomCode());
    this.log = opts.log ?? ((line) => console.log(line));
    this.reduce = opts.reduce ?? reduce;
    this.context = { now: 0, hostGraceMs: this.hostGraceMs, roundLimitMin: opts.roundLimitMin, nameKey };
  }

  /** A service with every saved lobby brought back. */
  static async open(opts: ServiceOptions): Promise<LobbyService> {
    const service = new LobbyService(opts);
    await service.restore();
    return service;
  }

  /** Brings back every saved lobby; those idle past their lifetime are dropped. */
  private async restore(): Promise<void> {
    const now = this.clock.now();
    const dropped: Promise<unknown>[] = [];
    for (const { state, updatedAt } of await this.opts.store.loadAll()) {
      if (updatedAt + this.idleMs <= now) {
        // On a disk that refuses it, the row stays and the next start drops it again.
        dropped.push(this.write({ kind: "remove", code: state.code }, `dropping idle ${state.code}`));
        continue;
      }
      // Saved again with its deadline moved, so a second crash before the round ends does not take the time back.
      const resumed = afterDowntime(state, this.opts.downtimeMs ?? 0);
      if (resumed !== state) dropped.push(this.write({ kind: "save", code: state.code, state: resumed, at: updatedAt }, `giving ${state.code} its downtime back`));
      const failed = this.bringBack(resumed, updatedAt);
      if (failed) dropped.push(failed);
    }
    await Promise.all(dropped);
  }

  /**
   * One saved lobby made live, as a restart does: no socket survives, so everyone is away until they
   * reconnect (the host's grace period included, unless it had begun before), and its timers are
   * re-armed from the saved deadlines. A lobby the rules cannot even bring back would fail every time:
   * it is set aside now (the returned write).
   */
  private bringBack(state: LobbyState, updatedAt: number): Promise<boolean> | null {
    const now = this.clock.now();
    try {
      const away = { ...state, players: state.players.map((p) => ({ ...p, connected: false, awaySince: p.connected ? now : (p.awaySince ?? now) })) };
      const host = hostPresence(away, false, typeof state.hostAwaySince === "number" ? state.hostAwaySince : now, this.hostGraceMs);
      const entry = this.entry(state.code, host.state, updatedAt + this.idleMs);
      const effects = [...host.effects, ...resumeEffects(host.state)];
      this.lobbies.set(state.code, entry);
      this.armIdle(state.code, entry);
      this.run(state.code, entry, effects);
      return null;
    } catch (err) {
      this.log(faultLine(state.code, "restoring", err));
      this.lobbies.get(state.code)?.timers.dispose();
      this.lobbies.delete(state.code);
      return this.write({ kind: "quarantine", code: state.code, reason: "its rules failed while restoring it" }, `setting aside ${state.code}`);
    }
  }

  /** Lets a cluster node take over the lobbies it is asked about (docs/cluster.md "Owning a lobby"). */
  claimWith(claimer: Claimer): void {
    this.claimer = claimer;
  }

  /**
   * Makes sure the lobby is here if it is anywhere: on one machine it always is (or is nowhere); a
   * cluster node claims it first. Null at once when there is nothing to wait for (one machine, or the
   * lobby is here): the pages' and the seat check's hot paths stay synchronous. Else a claim, which
   * resolves to null when the caller may go on (the lobby is here now, or there is none), or to why
   * it cannot be had now.
   */
  ensure(rawCode: string): Promise<Refusal | null> | null {
    const code = normalizeCode(rawCode);
    if (!this.claimer || this.lobbies.has(code)) return null;
    let claim = this.claiming.get(code);
    if (!claim) {
      claim = this.claimer(code).then(
        (found) => {
          this.claiming.delete(code);
          if (found === null || this.lobbies.has(code)) return null;
          if ("ok" in found) return found;
          this.log(`cluster: took over lobby ${code}`);
          void this.bringBack(found.state, found.updatedAt);
          return null;
        },
        (err: unknown) => {
          this.claiming.delete(code);
          return storageRefused(this.log, `claiming ${code}`, err);
        },
      );
      this.claiming.set(code, claim);
    }
    return claim;
  }

  /** The lobbies this server holds. */
  codes(): IterableIterator<string> {
    return this.lobbies.keys();
  }

  /**
   * Lets a lobby go to another server, in its turn (no commit of it is out): `handOver` gives up the
   * ownership, then the lobby is dropped here. False when it could not be handed over.
   */
  async release(code: string, handOver: () => Promise<boolean>): Promise<boolean> {
    const released = await this.exclusive(code, async () => {
      if (!(await handOver())) return false;
      this.drop(code);
      return true;
    });
    return released === true;
  }

  /**
   * Forgets a lobby that is another server's now, without touching the store: its timers stop and its
   * connections close as for a restart, so they reconnect and find it where it went.
   */
  drop(code: string): void {
    const entry = this.lobbies.get(code);
    if (!entry) return;
    this.lobbies.delete(code);
    entry.movedAway = true;
    entry.timers.dispose();
    this.broadcaster.moved(code);
  }

  private entry(code: string, state: LobbyState, idleAt: number): Entry {
    const entry: Entry = {
      state,
      timers: new LobbyTimers(this.clock),
      idleAt,
      faults: 0,
      queue: [],
      busy: false,
      waiting: null,
      committed: () => this.committed(code, entry),
      refused: (err) => this.refused(code, entry, err),
      resume: () => this.drain(code, entry),
    };
    return entry;
  }

  /** Commits a change outside any command: null once durable, else what the store refused it with. */
  private commitAlone(change: LobbyChange): Promise<{ refused: unknown } | null> {
    this.pending++;
    return committing(this.opts.store, change).then(
      () => {
        this.pending--;
        return null;
      },
      (refused: unknown) => {
        this.pending--;
        return { refused };
      },
    );
  }

  /** Commits a change no one waits on; true once durable, false (logged) when the store refused it. */
  private async write(change: LobbyChange, what: string): Promise<boolean> {
    const failed = await this.commitAlone(change);
    if (failed) storageRefused(this.log, what, failed.refused);
    return failed === null;
  }

  /** No command, job or write is waiting on the store: what shutdown waits for, and tests too. */
  get quiet(): boolean {
    return this.pending === 0;
  }

  get size(): number {
    return this.lobbies.size;
  }

  get(code: string): LobbyState | undefined {
    return this.lobbies.get(normalizeCode(code))?.state;
  }

  async create(hostName: string, mode: Mode = "teams"): Promise<Created> {
    const name = validName(hostName);
    if (!name) return refuse("invalid", `Name must be 1-${NAME_MAX} characters`);
    if (this.lobbies.size + this.reserved.size >= (this.opts.maxLobbies ?? Number.POSITIVE_INFINITY)) return refuse("unavailable", "The server has as many lobbies open as it can take; try again later");
    const playerId = this.newId();
    // A store shared with other servers may know the code as another's lobby: a new code is tried.
    for (let taken = 0; ; taken++) {
      let code = this.newCode();
      for (let tries = 0; this.lobbies.has(code) || this.reserved.has(code); tries++) {
        if (tries > 1000) return refuse("conflict", "No free lobby code, try again later");
        code = this.newCode();
      }
      const state = createLobby(code, playerId, name, this.clock.now(), mode);
      this.reserved.add(code);
      const failed = await this.commitAlone({ kind: "save", code, state, at: this.clock.now() });
      this.reserved.delete(code);
      if (failed === null) {
        const entry = this.entry(code, state, 0);
        this.lobbies.set(code, entry);
        this.touch(code, entry);
        return { ok: true, state, playerId };
      }
      if (!(failed.refused instanceof StoreRefusal && failed.refused.why === "taken")) return storageRefused(this.log, `creating ${code}`, failed.refused);
      if (taken >= 100) return refuse("conflict", "No free lobby code, try again later");
    }
  }

  /**
   * The outcome once the command is refused, or committed and its effects released: at once when
   * that happened in this turn, else a promise of it.
   */
  dispatch(rawCode: string, command: Command): Outcome | Promise<Outcome> {
    this.reanchor();
    return this.enqueue(normalizeCode(rawCode), command);
  }

  private enqueue(code: string, command: Command): Outcome | Promise<Outcome> {
    const entry = this.lobbies.get(code);
    // A cluster node takes the lobby over first, if another server had it (docs/cluster.md).
    if (!entry) {
      const claim = this.ensure(code);
      return claim ? claim.then((unreachable) => unreachable ?? (this.lobbies.has(code) ? this.enqueue(code, command) : NOT_FOUND)) : NOT_FOUND;
    }
    const job: CommandJob = { command };
    this.push(code, entry, job);
    if (job.outcome) return job.outcome;
    job.waiter = Promise.withResolvers<Outcome>();
    return job.waiter.promise;
  }

  /** Runs work in the lobby's turn, between its commands (the host's own questions). */
  exclusive<T>(rawCode: string, work: () => Promise<T>): Promise<T | Refusal> {
    const code = normalizeCode(rawCode);
    const entry = this.lobbies.get(code);
    if (!entry) return Promise.resolve(NOT_FOUND);
    const job = Promise.withResolvers<unknown>() as WorkJob;
    job.work = work;
    this.push(code, entry, job);
    return job.promise as Promise<T | Refusal>;
  }

  private push(code: string, entry: Entry, job: Job): void {
    entry.queue.push(job);
    if (!entry.busy) this.drain(code, entry);
  }

  /** Takes the lobby's jobs in order; one waiting on the store holds the rest until it is answered (then `resume`). */
  private drain(code: string, entry: Entry): void {
    entry.busy = true;
    while (entry.queue.length > 0) {
      if (this.step(code, entry, entry.queue.shift()!)) return;
    }
    entry.busy = false;
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
      void this.enqueue(code, { type: "clockStep", by });
    }
  }

  /** One job; true when it waits on the store (its answer resumes the queue), else it is already answered. */
  private step(code: string, entry: Entry, job: Job): boolean {
    // A lobby that closed (or was set aside) while this waited its turn.
    if (this.lobbies.get(code) !== entry) {
      answer(job, entry.movedAway ? MOVED_AWAY : NOT_FOUND);
      return false;
    }
    if (job.work) {
      this.pending++;
      void job
        .work()
        .then(
          (value) => {
            this.pending--;
            job.resolve(value);
          },
          (err: unknown) => {
            this.pending--;
            job.resolve(this.fault(code, "its own questions", err));
          },
        )
        .then(entry.resume);
      return true;
    }
    const { command } = job;
    const now = this.clock.now();
    this.context.now = now;
    let outcome: Outcome;
    try {
      outcome = this.reduce(entry.state, command, this.context);
    } catch (err) {
      answer(job, this.fault(code, command.type, err));
      return false;
    }
    entry.faults = 0;
    if (!outcome.ok || (outcome.state === entry.state && outcome.effects.length === 0)) {
      answer(job, outcome);
      return false;
    }
    // Durable before the state is replaced or anyone hears of it: a refused write changes nothing.
    const closing = closes(outcome.effects);
    const change: LobbyChange = closing
      ? { kind: "remove", code }
      : command.type === "chat"
        ? { kind: "chat", code, message: outcome.state.chat.at(-1)! }
        : { kind: "save", code, state: outcome.state, at: now };
    job.accepted = outcome;
    job.closing = closing;
    let written: number | Promise<number>;
    try {
      written = this.opts.store.commit(change);
    } catch (err) {
      this.refuse(code, job, err);
      return false;
    }
    if (typeof written === "number") {
      this.accept(code, entry, job);
      return false;
    }
    entry.waiting = job;
    this.pending++;
    void written.then(entry.committed, entry.refused);
    return true;
  }

  /** The command is durable: the lobby takes its state, and its effects are released. */
  private accept(code: string, entry: Entry, job: CommandJob): void {
    const accepted = job.accepted!;
    // Dropped while its commit was out (its lease ran out): it is written, and the node that holds the
    // lobby now tells everyone and arms its timers; nothing more of it is said or scheduled from here.
    if (this.lobbies.get(code) !== entry) return answer(job, accepted);
    entry.state = accepted.state;
    if (!job.closing) this.touch(code, entry);
    this.run(code, entry, accepted.effects);
    answer(job, accepted);
  }

  private refuse(code: string, job: CommandJob, err: unknown): void {
    answer(job, storageRefused(this.log, `${job.command.type} in ${code}`, err));
    // Another server holds the lobby now: nothing more of it is said from here (docs/cluster.md "Owning a lobby").
    if (err instanceof StoreRefusal && err.why === "fenced") this.drop(code);
  }

  /** The waiting command's commit came back: the next job's turn comes after what its answer set off, as a promise's next step would. */
  private committed(code: string, entry: Entry): void {
    const job = entry.waiting!;
    entry.waiting = null;
    this.pending--;
    this.accept(code, entry, job);
    queueMicrotask(entry.resume);
  }

  private refused(code: string, entry: Entry, err: unknown): void {
    const job = entry.waiting!;
    entry.waiting = null;
    this.pending--;
    this.refuse(code, job, err);
    queueMicrotask(entry.resume);
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
    const questions = await pickQuestions(this.opts.store, this.opts.questions, state, questionsWanted(state), this.log);
    // A tournament's draw is random, so it arrives in the command (docs/rules.md "Tournament").
    const order = shuffled(this.get(state.code)?.players.map((p) => p.id) ?? [], Math.random);
    return this.dispatch(state.code, { type: "startGame", by, questions, order });
  }

  /** The host skips the open question: another is picked from the lobby's sources first, as for a start (host-controls.ts). */
  async skipQuestion(rawCode: string, by: string, roundNumber: number): Promise<Outcome> {
    const state = this.get(rawCode);
    if (!state) return NOT_FOUND;
    const refusal = canSkip(state, by, roundNumber);
    if (refusal) return refusal;
    const [question] = await pickQuestions(this.opts.store, this.opts.questions, state, 1, this.log);
    return this.dispatch(state.code, { type: "skipQuestion", by, roundNumber, question: question ?? null });
  }

  /** The lobby's finished game, for its results to keep; a game still running has none yet. */
  finishedGame(rawCode: string): Refusal | { ok: true; code: string; game: GameState; players: Player[] } {
    const state = this.get(rawCode);
    if (!state) return refuse("notFound", "Lobby not found");
    const game = finishedGame(state);
    return game ? { ok: true, code: state.code, game, players: state.players } : refuse("conflict", "The game is not over yet");
  }

  /** The lobby's own questions, for its host alone (docs/decisions.md "Your own questions"): the book, or why not. */
  questionBook(rawCode: string, by: string): Refusal | { ok: true; book: OwnQuestionBook } {
    const code = normalizeCode(rawCode);
    const entry = this.lobbies.get(code);
    if (!entry) return NOT_FOUND;
    if (entry.state.hostId !== by) return refuse("forbidden", "Only the host can see and change the lobby's questions");
    const inTurn = <T>(work: () => Promise<T>) => this.exclusive(code, work);
    return { ok: true, book: new OwnQuestionBook(this.opts.store, entry.state, this.clock.now(), () => this.touch(code, entry), this.log, this.opts.ownQuota ?? NO_QUOTA, inTurn) };
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
        else void this.exclusive(code, () => this.expire(code, entry));
      }),
    );
  }

  /** In the lobby's turn: a command that came while the timer fired moved the deadline, and wins. */
  private async expire(code: string, entry: Entry): Promise<void> {
    if (this.clock.now() < entry.idleAt) return this.armIdle(code, entry);
    if (!(await this.write({ kind: "remove", code }, `expiring ${code}`))) {
      entry.idleAt = this.clock.now() + STORAGE_RETRY_MS;
      return this.armIdle(code, entry);
    }
    this.log(`lobby ${code} expired after being idle`);
    this.run(code, entry, closeLobby(entry.state, "The lobby closed after being idle too long"));
  }

  /**
   * Each effect runs on its own: the command is already saved, so one that throws is a fault of the
   * lobby (logged, counted) and the rest still run, rather than leave timers or players behind. The
   * fault's label is made only on a fault: this runs for every line of chat.
   */
  private run(code: string, entry: Entry, effects: Effect[]): void {
    for (const effect of effects) {
      try {
        this.runOne(code, entry, effect);
      } catch (err) {
        this.fault(code, `its ${effect.type} effect`, err);
      }
    }
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
    const verdicts: Partial<Record<string, boolean>> = {};
    await Promise.all(
      (Object.entries(effect.answers) as [string, string][]).map(async ([side, given]) => {
        verdicts[side] = await Promise.resolve().then(() => this.opts.judge.judge(effect.question, given)).catch((err: unknown) => {
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
    // A lobby no longer here (handed over, or gone) is not claimed back by its own old timers.
    if (!this.lobbies.has(code)) return;
    void Promise.resolve(this.dispatch(code, command)).then((outcome) => {
      if (!isStorageFault(outcome)) return;
      this.lobbies.get(code)?.timers.at(key, this.clock.now() + STORAGE_RETRY_MS, () => this.guard(code, `the ${key} timer`, () => this.retrying(code, key, command)));
    });
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
    // Its players hear of it once the rows are set aside (or the disk refused that: the next start
    // then meets the lobby again, and sets it aside if it still fails).
    void this.write({ kind: "quarantine", code, reason: `failed ${FAULT_LIMIT} times in a row` }, `setting aside ${code}`).then(() => this.run(code, entry, closeLobby(entry.state, FAULT_CLOSE_REASON)));
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
