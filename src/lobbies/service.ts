// The registry of live lobbies (after Colyseus' MatchMaker): it finds, creates, restores and drops them,
// and nothing else; each lobby's queue, timers, effects and faults are its own (live-lobby.ts). Where a
// lobby lives is the ownership port's to say (ownership.ts): a caller asks for a lobby once, with
// with() or locate(), and a lobby another node holds is taken over first.
import { refuse, type Command, type Refusal } from "../game/commands";
import { createLobby, validName } from "../game/lobby-rules";
import type { Outcome } from "../game/outcome";
import { resumeEffects } from "../game/round-rules";
import { hostPresence } from "../game/host-rules";
import { NAME_MAX, normalizeCode } from "../game/settings";
import type { GameState, LobbyState, Mode, Player } from "../game/types";
import { ClockGuard } from "./clock";
import { randomCode } from "./codes";
import { afterDowntime } from "./downtime";
import { faultLine } from "./lobby-faults";
import { LiveLobby, NOT_FOUND } from "./live-lobby";
import type { OwnQuestionBook } from "./own-questions";
import type { HeldLobbies } from "./ownership";
import { lobbyDeps, type LobbyDeps, type ServiceOptions } from "./service-options";
import { storageRefused } from "./storage-fault";
import { StoreRefusal } from "./store-port";

export { STORAGE_RETRY_MS } from "./live-lobby";
export type { ServiceOptions } from "./service-options";

export type Created = { ok: true; state: LobbyState; playerId: string } | Extract<Outcome, { ok: false }>;
export type Located = { ok: true; state: LobbyState };

export class LobbyService implements HeldLobbies {
  private readonly lobbies = new Map<string, LiveLobby>();
  /** codes of lobbies being created, whose first commit is not acknowledged yet */
  private readonly reserved = new Set<string>();
  private readonly deps: LobbyDeps;
  private readonly clockGuard: ClockGuard;
  private readonly newId: () => string;
  private readonly newCode: () => string;

  private constructor(private readonly opts: ServiceOptions) {
    this.deps = lobbyDeps(opts, {
      reanchor: () => this.reanchor(),
      dispatch: (code, command) => this.dispatch(code, command),
      forget: (lobby) => {
        if (this.lobbies.get(lobby.code) === lobby) this.lobbies.delete(lobby.code);
      },
    });
    this.clockGuard = new ClockGuard(this.deps.clock);
    this.newId = opts.newId ?? (() => crypto.randomUUID());
    this.newCode = opts.newCode ?? (() => randomCode());
    opts.ownership.serve(this);
  }

  /** A registry with every lobby that lives here from the start brought back. */
  static async open(opts: ServiceOptions): Promise<LobbyService> {
    const service = new LobbyService(opts);
    const { clock, idleMs } = service.deps;
    const dropped: Promise<unknown>[] = [];
    for (const { state, updatedAt } of await opts.ownership.atStart()) {
      // On a disk that refuses it, the row stays and the next start drops it again.
      if (updatedAt + idleMs <= clock.now()) {
        dropped.push(service.deps.writes.write({ kind: "remove", code: state.code }, `dropping idle ${state.code}`));
        continue;
      }
      // Saved again with its deadline moved, so a second crash before the round ends does not take the time back.
      const resumed = afterDowntime(state, opts.downtimeMs ?? 0);
      if (resumed !== state) dropped.push(service.deps.writes.write({ kind: "save", code: state.code, state: resumed, at: updatedAt }, `giving ${state.code} its downtime back`));
      dropped.push(service.bringBack(resumed, updatedAt) ?? Promise.resolve());
    }
    await Promise.all(dropped);
    return service;
  }

  /**
   * One saved lobby made live, as a restart does: no socket survives, so everyone is away until they
   * reconnect (the host's grace period included, unless it had begun before), and its timers are
   * re-armed from the saved deadlines. A lobby the rules cannot even bring back would fail every time:
   * it is set aside now (the returned write).
   */
  private bringBack(state: LobbyState, updatedAt: number): Promise<boolean> | null {
    const now = this.deps.clock.now();
    let lobby: LiveLobby | undefined;
    try {
      const away = { ...state, players: state.players.map((p) => ({ ...p, connected: false, awaySince: p.connected ? now : (p.awaySince ?? now) })) };
      const host = hostPresence(away, false, typeof state.hostAwaySince === "number" ? state.hostAwaySince : now, this.deps.hostGraceMs);
      lobby = new LiveLobby(state.code, host.state, updatedAt + this.deps.idleMs, this.deps);
      this.lobbies.set(state.code, lobby);
      lobby.start([...host.effects, ...resumeEffects(host.state)]);
      return null;
    } catch (err) {
      this.deps.log(faultLine(state.code, "restoring", err));
      lobby?.dispose();
      this.lobbies.delete(state.code);
      return this.deps.writes.write({ kind: "quarantine", code: state.code, reason: "its rules failed while restoring it" }, `setting aside ${state.code}`);
    }
  }

  /**
   * Uses the lobby wherever it lives: at once when it is here (or, on one machine, nowhere), else once
   * another node's is taken over. The lobby not found, or not to be had now, is a refusal instead.
   */
  with<T>(rawCode: string, use: (lobby: LiveLobby) => T): T | Refusal | Promise<Awaited<T> | Refusal> {
    const code = normalizeCode(rawCode);
    const lobby = this.lobbies.get(code);
    if (lobby) return use(lobby);
    const found = this.opts.ownership.locate(code);
    if (!found) return NOT_FOUND;
    return found.then(
      async (where): Promise<Awaited<T> | Refusal> => {
        if (where !== null && "ok" in where) return where;
        if (where !== null && !this.lobbies.has(code)) {
          this.deps.log(`cluster: took over lobby ${code}`);
          void this.bringBack(where.state, where.updatedAt);
        }
        const taken = this.lobbies.get(code);
        return taken ? await use(taken) : NOT_FOUND;
      },
      (err: unknown): Refusal => storageRefused(this.deps.log, `claiming ${code}`, err),
    );
  }

  /** The lobby's state wherever it lives (with()), or why there is none to be had. */
  locate(rawCode: string): Located | Refusal | Promise<Located | Refusal> {
    return this.with(rawCode, (lobby): Located => ({ ok: true, state: lobby.state }));
  }

  /**
   * The state of a lobby held here, looking nowhere else: for a connection already in the lobby's
   * rooms, a watch the balancer sent here by chance (docs/cluster.md "Routing"), and tests.
   */
  get(rawCode: string): LobbyState | undefined {
    return this.lobbies.get(normalizeCode(rawCode))?.state;
  }

  has(code: string): boolean {
    return this.lobbies.has(code);
  }

  /** The lobbies this server holds. */
  codes(): IterableIterator<string> {
    return this.lobbies.keys();
  }

  async release(code: string, handOver: () => Promise<boolean>): Promise<boolean> {
    const lobby = this.lobbies.get(code);
    if (!lobby) return false;
    const released = await lobby.exclusive(async () => {
      if (!(await handOver())) return false;
      lobby.moveAway();
      return true;
    });
    return released === true;
  }

  drop(code: string): void {
    this.lobbies.get(code)?.moveAway();
  }

  /** No command, job or write is waiting on the store: what shutdown waits for, and tests too. */
  get quiet(): boolean {
    return this.deps.writes.pending === 0;
  }

  get size(): number {
    return this.lobbies.size;
  }

  async create(hostName: string, mode: Mode = "teams"): Promise<Created> {
    const name = validName(hostName);
    if (!name) return refuse("invalid", `Name must be 1-${NAME_MAX} characters`);
    if (this.lobbies.size + this.reserved.size >= (this.opts.maxLobbies ?? Number.POSITIVE_INFINITY)) return refuse("unavailable", "The server has as many lobbies open as it can take; try again later");
    const playerId = this.newId();
    const { clock, log } = this.deps;
    // A store shared with other servers may know the code as another's lobby: a new code is tried.
    for (let taken = 0; ; taken++) {
      let code = this.newCode();
      for (let tries = 0; this.lobbies.has(code) || this.reserved.has(code); tries++) {
        if (tries > 1000) return refuse("conflict", "No free lobby code, try again later");
        code = this.newCode();
      }
      const state = createLobby(code, playerId, name, clock.now(), mode);
      this.reserved.add(code);
      const failed = await this.deps.writes.commit({ kind: "create", code, state, at: clock.now() });
      this.reserved.delete(code);
      if (failed === null) {
        const lobby = new LiveLobby(code, state, clock.now() + this.deps.idleMs, this.deps);
        this.lobbies.set(code, lobby);
        lobby.start([]);
        return { ok: true, state, playerId };
      }
      if (!(failed.refused instanceof StoreRefusal && failed.refused.why === "taken")) return storageRefused(log, `creating ${code}`, failed.refused);
      if (taken >= 100) return refuse("conflict", "No free lobby code, try again later");
    }
  }

  /**
   * The outcome once the command is refused, or committed and its effects released: at once when
   * that happened in this turn, else a promise of it. The lobby held here is taken without a closure:
   * this is every chat line's path.
   */
  dispatch(rawCode: string, command: Command): Outcome | Promise<Outcome> {
    this.reanchor();
    const lobby = this.lobbies.get(normalizeCode(rawCode));
    return lobby ? lobby.command(command) : this.with(rawCode, (found) => found.command(command));
  }

  /**
   * Every command and timer looks at the clock first: if the wall clock was set since (docs/decisions.md
   * "Storage", clock steps), each lobby's deadlines move with it before anything is measured against them.
   */
  private reanchor(): void {
    const by = this.clockGuard.step();
    if (by === 0) return;
    this.deps.log(`clock: the wall clock stepped by ${by} ms; deadlines moved with it`);
    for (const lobby of this.lobbies.values()) lobby.clockStepped(by);
  }

  // What the transport asks of one lobby, each asked once wherever the lobby lives.
  startGame(rawCode: string, by: string): Promise<Outcome> {
    return Promise.resolve(this.with(rawCode, (lobby) => lobby.startGame(by)));
  }

  skipQuestion(rawCode: string, by: string, roundNumber: number): Promise<Outcome> {
    return Promise.resolve(this.with(rawCode, (lobby) => lobby.skipQuestion(by, roundNumber)));
  }

  finishedGame(rawCode: string): Promise<Refusal | { ok: true; code: string; game: GameState; players: Player[] }> {
    return Promise.resolve(this.with(rawCode, (lobby) => lobby.finishedGame()));
  }

  questionBook(rawCode: string, by: string): Promise<Refusal | { ok: true; book: OwnQuestionBook }> {
    return Promise.resolve(this.with(rawCode, (lobby) => lobby.questionBook(by)));
  }

  /** Timers stop; state is already durable. */
  shutdown(): void {
    for (const lobby of this.lobbies.values()) lobby.dispose();
  }

  /** Live timers across lobbies, so tests can see that none outlive their lobby. */
  get timerCount(): number {
    let n = 0;
    for (const lobby of this.lobbies.values()) n += lobby.timers.size;
    return n;
  }
}
