// One live lobby (after Colyseus' Room): its state as its last acknowledged commit holds it, its queue,
// its timers, its fault count, and the effects it runs. The rules are synchronous; the store is a port
// whose commits may be asynchronous (a cluster's), so the lobby's commands never interleave (the next
// is reduced on the state the last one committed), while lobbies never wait on each other. A command's
// effects are released only once its commit is acknowledged, in the order of the commands
// (docs/architecture.md "The data flow"). A store that answers at once (SQLite) is answered in the
// same turn, and so is the command. Only the registry (service.ts) makes one, and forgets it.
import { refuse, type Command, type Refusal } from "../game/commands";
import type { Effect } from "../game/effects";
import { closeLobby } from "../game/lobby-rules";
import type { Outcome } from "../game/outcome";
import { shuffled } from "../ai/offline-source";
import { canSkip } from "../game/host-controls";
import { questionsWanted } from "../game/tournament/tournament-rules";
import { canStartGame, finishedGame } from "../game/round-rules";
import type { GameState, LobbyState, Player } from "../game/types";
import { LobbyTimers } from "./clock";
import { FAULT_CLOSE_REASON, FAULT_LIMIT, LOBBY_FAULT, faultLine } from "./lobby-faults";
import { answer, closes, type CommandJob, type Job, type WorkJob } from "./lobby-jobs";
import { OwnQuestionBook } from "./own-questions";
import { pickQuestions } from "./pick-questions";
import type { LobbyDeps } from "./service-options";
import { isStorageFault, storageRefused } from "./storage-fault";
import { MOVED_MESSAGE, StoreRefusal, type LobbyChange } from "./store-port";
import { verdicts } from "./verdicts";

const IDLE_TIMER = "idle-expiry";
/** How soon a timer's or the judge's command refused by the disk is tried again. */
export const STORAGE_RETRY_MS = 1000;

export const NOT_FOUND: Refusal = refuse("notFound", "Lobby not found");
/** For commands that were waiting on a lobby handed to another server: the page reconnects and finds it there. */
const MOVED_AWAY: Refusal = refuse("unavailable", MOVED_MESSAGE);

export class LiveLobby {
  /** the state its last acknowledged commit holds */
  private current: LobbyState;
  readonly timers: LobbyTimers;
  /** when the lobby expires unless something happens before */
  private idleAt: number;
  /** faults in a row; any command the rules take without throwing starts the count again */
  private faults = 0;
  private readonly queue: Job[] = [];
  /** a job is between its reduce and its commit's answer */
  private busy = false;
  /** no longer this registry's: what still waits on it is refused, as moved away (docs/cluster.md) or not found */
  private gone: "closed" | "moved" | null = null;
  /** the command whose commit is out, its outcome in `accepted` */
  private waiting: CommandJob | null = null;
  /** The store's later answers to the waiting command, and the queue's next turn: made once per lobby, not per command. */
  private readonly committed = () => this.onCommitted();
  private readonly refused = (err: unknown) => this.onRefused(err);
  private readonly resume = () => this.drain();

  constructor(
    readonly code: string,
    state: LobbyState,
    idleAt: number,
    private readonly deps: LobbyDeps,
  ) {
    this.current = state;
    this.idleAt = idleAt;
    this.timers = new LobbyTimers(deps.clock);
  }

  /** The state its last acknowledged commit holds: replaced by each command, never changed. */
  get state(): LobbyState {
    return this.current;
  }

  /** Its first effects (a restored lobby's re-armed timers), and its idle timer. */
  start(effects: Effect[]): void {
    this.armIdle();
    this.run(effects);
  }

  /**
   * The outcome once the command is refused, or committed and its effects released: at once when
   * that happened in this turn, else a promise of it.
   */
  command(command: Command): Outcome | Promise<Outcome> {
    const job: CommandJob = { command };
    this.push(job);
    if (job.outcome) return job.outcome;
    job.waiter = Promise.withResolvers<Outcome>();
    return job.waiter.promise;
  }

  /** Runs work in the lobby's turn, between its commands (the host's own questions, a hand-over). */
  exclusive<T>(work: () => Promise<T>): Promise<T | Refusal> {
    const job = Promise.withResolvers<unknown>() as WorkJob;
    job.work = work;
    this.push(job);
    return job.promise as Promise<T | Refusal>;
  }

  /** Starting fetches a game's questions first (maybe from an AI), outside the lobby's command flow. */
  async startGame(by: string): Promise<Outcome> {
    const { state, code, deps } = this;
    let refusal: Refusal | null;
    try {
      refusal = canStartGame(state, by);
    } catch (err) {
      return this.fault("startGame", err);
    }
    if (refusal) return refusal;
    const questions = await pickQuestions(deps.store, deps.questions, state, questionsWanted(state), deps.log);
    // A tournament's draw is random, so it arrives in the command (docs/rules.md "Tournament"), of
    // the players as they are once the questions are in.
    const order = shuffled(this.state.players.map((p) => p.id), Math.random);
    // Through the registry: the lobby may have moved to another server meanwhile.
    return deps.dispatch(code, { type: "startGame", by, questions, order });
  }

  /** The host skips the open question: another is picked from the lobby's sources first, as for a start (host-controls.ts). */
  async skipQuestion(by: string, roundNumber: number): Promise<Outcome> {
    const refusal = canSkip(this.state, by, roundNumber);
    if (refusal) return refusal;
    const [question] = await pickQuestions(this.deps.store, this.deps.questions, this.state, 1, this.deps.log);
    return this.deps.dispatch(this.code, { type: "skipQuestion", by, roundNumber, question: question ?? null });
  }

  /** The lobby's finished game, for its results to keep; a game still running has none yet. */
  finishedGame(): Refusal | { ok: true; code: string; game: GameState; players: Player[] } {
    const game = finishedGame(this.state);
    return game ? { ok: true, code: this.code, game, players: this.state.players } : refuse("conflict", "The game is not over yet");
  }

  /** The lobby's own questions, for its host alone (docs/decisions.md "Your own questions"): the book, or why not. */
  questionBook(by: string): Refusal | { ok: true; book: OwnQuestionBook } {
    if (this.state.hostId !== by) return refuse("forbidden", "Only the host can see and change the lobby's questions");
    const { deps } = this;
    return { ok: true, book: new OwnQuestionBook(deps.store, this.state, deps.clock.now(), () => this.touch(), deps.log, deps.ownQuota, (work) => this.exclusive(work)) };
  }

  /** The wall clock was set: the deadlines move with it, and the rules hear of it as a command. */
  clockStepped(by: number): void {
    this.idleAt += by;
    void this.command({ type: "clockStep", by });
  }

  /**
   * Forgotten here without touching the store, as another server holds it now: its timers stop and its
   * connections close as for a restart, so they reconnect and find it where it went.
   */
  moveAway(): void {
    if (this.gone) return;
    this.gone = "moved";
    this.deps.forget(this);
    this.timers.dispose();
    this.deps.broadcaster.moved(this.code);
  }

  /** Its timers stop (shutdown, or a restore that failed); the state is already durable. */
  dispose(): void {
    this.timers.dispose();
  }

  private push(job: Job): void {
    this.queue.push(job);
    if (!this.busy) this.drain();
  }

  /** Takes the lobby's jobs in order; one waiting on the store holds the rest until it is answered (then `resume`). */
  private drain(): void {
    this.busy = true;
    while (this.queue.length > 0) {
      if (this.step(this.queue.shift()!)) return;
    }
    this.busy = false;
  }

  /** One job; true when it waits on the store (its answer resumes the queue), else it is already answered. */
  private step(job: Job): boolean {
    const { deps } = this;
    // A lobby that closed (or was set aside, or moved) while this waited its turn.
    if (this.gone) {
      answer(job, this.gone === "moved" ? MOVED_AWAY : NOT_FOUND);
      return false;
    }
    if (job.work) {
      deps.writes.pending++;
      void job
        .work()
        .then(
          (value) => {
            deps.writes.pending--;
            job.resolve(value);
          },
          (err: unknown) => {
            deps.writes.pending--;
            job.resolve(this.fault("its own questions", err));
          },
        )
        .then(this.resume);
      return true;
    }
    const { command } = job;
    const now = deps.clock.now();
    deps.context.now = now;
    let outcome: Outcome;
    try {
      outcome = deps.reduce(this.state, command, deps.context);
    } catch (err) {
      answer(job, this.fault(command.type, err));
      return false;
    }
    this.faults = 0;
    if (!outcome.ok || (outcome.state === this.state && outcome.effects.length === 0)) {
      answer(job, outcome);
      return false;
    }
    job.accepted = outcome;
    job.closing = closes(outcome.effects);
    let written: number | Promise<number>;
    try {
      written = deps.store.commit(this.change(job));
    } catch (err) {
      this.refuse(job, err);
      return false;
    }
    if (typeof written === "number") {
      this.accept(job);
      return false;
    }
    this.waiting = job;
    deps.writes.pending++;
    void written.then(this.committed, this.refused);
    return true;
  }

  /** What a command's outcome writes: durable before the state is replaced or anyone hears of it, so a refused write changes nothing. */
  private change(job: CommandJob): LobbyChange {
    const { code } = this;
    const { state } = job.accepted!;
    if (job.closing) return { kind: "remove", code };
    if (job.command.type === "chat") return { kind: "chat", code, message: state.chat.at(-1)! };
    return { kind: "save", code, state, at: this.deps.context.now };
  }

  /** The command is durable: the lobby takes its state, and its effects are released. */
  private accept(job: CommandJob): void {
    const accepted = job.accepted!;
    // Gone while its commit was out (its lease ran out): it is written, and the node that holds the
    // lobby now tells everyone and arms its timers; nothing more of it is said or scheduled from here.
    if (this.gone) return answer(job, accepted);
    this.current = accepted.state;
    if (!job.closing) this.touch();
    this.run(accepted.effects);
    answer(job, accepted);
  }

  private refuse(job: CommandJob, err: unknown): void {
    answer(job, storageRefused(this.deps.log, `${job.command.type} in ${this.code}`, err));
    // Another server holds the lobby now: nothing more of it is said from here (docs/cluster.md "Owning a lobby").
    if (err instanceof StoreRefusal && err.why === "fenced") this.moveAway();
  }

  /** The waiting command's commit came back: the next job's turn comes after what its answer set off, as a promise's next step would. */
  private onCommitted(): void {
    const job = this.waiting!;
    this.waiting = null;
    this.deps.writes.pending--;
    this.accept(job);
    queueMicrotask(this.resume);
  }

  private onRefused(err: unknown): void {
    const job = this.waiting!;
    this.waiting = null;
    this.deps.writes.pending--;
    this.refuse(job, err);
    queueMicrotask(this.resume);
  }

  /** Activity moves the deadline; the one idle timer is re-armed only when it fires early, not on every command. */
  private touch(): void {
    this.idleAt = this.deps.clock.now() + this.deps.idleMs;
    if (!this.timers.has(IDLE_TIMER)) this.armIdle();
  }

  private armIdle(): void {
    this.timers.at(IDLE_TIMER, this.idleAt, () =>
      this.guard("the idle timer", () => {
        this.deps.reanchor();
        if (this.deps.clock.now() < this.idleAt) this.armIdle();
        else void this.exclusive(() => this.expire());
      }),
    );
  }

  /** In the lobby's turn: a command that came while the timer fired moved the deadline, and wins. */
  private async expire(): Promise<void> {
    const { deps, code } = this;
    if (deps.clock.now() < this.idleAt) return this.armIdle();
    if (!(await deps.writes.write({ kind: "remove", code }, `expiring ${code}`))) {
      this.idleAt = deps.clock.now() + STORAGE_RETRY_MS;
      return this.armIdle();
    }
    deps.log(`lobby ${code} expired after being idle`);
    this.run(closeLobby(this.state, "The lobby closed after being idle too long"));
  }

  /**
   * Each effect runs on its own: the command is already saved, so one that throws is a fault of the
   * lobby (logged, counted) and the rest still run, rather than leave timers or players behind. The
   * fault's label is made only on a fault: this runs for every line of chat.
   */
  private run(effects: Effect[]): void {
    for (const effect of effects) {
      try {
        this.runOne(effect);
      } catch (err) {
        this.fault(`its ${effect.type} effect`, err);
      }
    }
  }

  private runOne(effect: Effect): void {
    const { code, deps } = this;
    switch (effect.type) {
      case "emit":
        deps.broadcaster.emit(code, effect.to, effect.event, effect.payload);
        break;
      case "schedule":
        this.timers.at(effect.key, effect.at, () => this.guard(`the ${effect.key} timer`, () => this.retrying(effect.key, effect.command)));
        break;
      case "cancel":
        this.timers.cancel(effect.key);
        break;
      case "judge":
        verdicts(deps.judge, effect, code, deps.log)
          .then((judged) => this.retrying(`judged-${effect.roundNumber}`, judged))
          .catch((err: unknown) => this.fault("the judge's continuation", err));
        break;
      case "seat":
        deps.broadcaster.seat(code, effect.playerId, effect.team);
        break;
      case "close":
        // The row is already gone (or set aside): the command, expire and condemn see to it before running this.
        this.timers.dispose();
        this.gone ??= "closed";
        deps.forget(this);
        deps.broadcaster.close(code);
        break;
    }
  }

  /**
   * A timer's or the judge's command: no one waits on it, so one the disk refused, or whose rule threw,
   * is tried again until it is taken (a rule that keeps throwing ends the lobby after FAULT_LIMIT tries).
   */
  private retrying(key: string, command: Command): void {
    // A lobby no longer here (handed over, or gone) is not claimed back by its own old timers.
    if (this.gone) return;
    void Promise.resolve(this.deps.dispatch(this.code, command)).then((outcome) => {
      if (!isStorageFault(outcome) || this.gone) return;
      this.timers.at(key, this.deps.clock.now() + STORAGE_RETRY_MS, () => this.guard(`the ${key} timer`, () => this.retrying(key, command)));
    });
  }

  /** Runs a piece of the lobby's work inside its fault boundary. */
  private guard(what: string, work: () => void): void {
    try {
      work();
    } catch (err) {
      this.fault(what, err);
    }
  }

  /** Logs the fault and counts it against the lobby; the caller refuses what it was doing. */
  fault(what: string, err: unknown): Refusal {
    this.deps.log(faultLine(this.code, what, err));
    if (!this.gone && ++this.faults >= FAULT_LIMIT) this.condemn();
    return LOBBY_FAULT;
  }

  /** Ends a lobby that keeps failing, for its players, and sets its rows aside so no restart brings it back. */
  private condemn(): void {
    const { deps, code } = this;
    deps.log(`fault: lobby ${code} failed ${FAULT_LIMIT} times in a row; ending it and setting it aside`);
    // Gone first: a fault while it closes is only logged (fault() counts none against a lobby that is
    // gone), so it cannot be condemned twice.
    this.gone = "closed";
    deps.forget(this);
    this.timers.dispose();
    // Its players hear of it once the rows are set aside (or the disk refused that: the next start
    // then meets the lobby again, and sets it aside if it still fails).
    void deps.writes.write({ kind: "quarantine", code, reason: `failed ${FAULT_LIMIT} times in a row` }, `setting aside ${code}`).then(() => this.run(closeLobby(this.state, FAULT_CLOSE_REASON)));
  }
}
