// One lobby of the cluster bench's load, played as a party plays it: players seated over REST through
// HAProxy (the host on blue and blue's captain, the first red player red's captain), games of 20
// rounds of 15 s, the host starting each round a moment after the last one's results, and one
// captain locking an answer each round while the other team never does, so every round ends on its
// timer (its round-timeup is what the timer lateness measures). After a game the host returns to the
// lobby and starts another. The host's own connection drives it: after a lost connection its snapshot
// says where the game is, and a refused call is tried again with the page's waits (retry.ts).
import { retryDelay } from "../../islands/client/retry";
import { lobbyQuery } from "../../src/shared/lobby-query";
import { Rest } from "../../scripts/soak/rest";
import type { Stats } from "../../scripts/soak/stats";
import { Player, type PlayerEvents } from "./player";

export const ROUNDS = 20;
export const ROUND_LIMIT_S = 15;
/** How long a seated lobby waits for all its players' snapshots. */
const SEATED_WITHIN_MS = 30_000;
const REST_TIMEOUT_MS = 10_000;

/** What the generator hears from a lobby. */
export interface LobbyMeter {
  chat(to: Player, message: unknown): void;
  /** a round's round-timeup (`kind` "timeup") or round-results ("results") reached a player this long after its endsAt */
  late(to: Player, kind: "timeup" | "results", ms: number): void;
  lost(player: Player, code: number | undefined): void;
  /** a player got a snapshot back this long after losing its connection; `chat` is the snapshot's chat history */
  resynced(player: Player, ms: number, chat: unknown[]): void;
  error(lobby: number, kind: string): void;
}

interface Seat {
  id: string;
  token: string;
}

const seatOf = (body: any, name: string): Seat => {
  const me = [...body.lobby.blueTeam, ...body.lobby.redTeam].find((p: { name: string }) => p.name === name);
  if (!me) throw new Error(`${name} was not seated`);
  return { id: me.id, token: body.token };
};

/** The answer's status, as Rest words its refusals ("... answered 409 (expected 200): ..."). */
const statusOf = (err: unknown) => Number(String((err as Error).message).match(/answered (\d{3})/)?.[1] ?? 0);

export class LobbyPlay implements PlayerEvents {
  readonly players: Player[] = [];
  code = "";
  /** each round's deadline, by number, as round-started announced it */
  private readonly endsAt = new Map<number, number>();
  private rest: Rest;
  private host: Seat | undefined;
  private redCaptain: Seat | undefined;
  /** the host's next call, waiting or under way: one at a time */
  private pending: ReturnType<typeof setTimeout> | "calling" | undefined;
  /** set while seating: told of each player's first snapshot */
  private seating: ((player: Player) => void) | undefined;
  private stopped = false;

  constructor(
    readonly index: number,
    private readonly base: string,
    private readonly perLobby: number,
    private readonly meter: LobbyMeter,
    stats: Stats,
  ) {
    this.rest = new Rest(base, stats, REST_TIMEOUT_MS);
  }

  /** Seats everyone, waits for their snapshots, names the captains and starts the first game. */
  async open(): Promise<void> {
    const hostName = `host${this.index}`;
    const created = await this.rest.call("POST", "/api/lobby/create", undefined, { playerName: hostName });
    this.code = created.lobby.code;
    this.host = seatOf(created, hostName);
    const seats = [this.host];
    let last = created;
    for (let i = 1; i < this.perLobby; i++) {
      last = await this.rest.call("POST", `/api/lobby/join${lobbyQuery(this.code)}`, undefined, { code: this.code, playerName: `p${this.index}-${i}` });
      seats.push(seatOf(last, `p${this.index}-${i}`));
    }
    const red = last.lobby.redTeam[0];
    if (!red) throw new Error("no one was placed on red");
    this.redCaptain = seats.find((s) => s.id === red.id)!;
    const seated = seats.map(() => Promise.withResolvers<void>());
    this.seating = (player) => seated[this.players.indexOf(player)]?.resolve();
    for (const seat of seats) this.players.push(new Player(this.index, seat.id, seat.token, this.base, this.code, this));
    const late = setTimeout(() => seated.forEach((s) => s.reject(new Error("timeout: snapshots"))), SEATED_WITHIN_MS);
    await Promise.all(seated.map((s) => s.promise)).finally(() => clearTimeout(late));
    this.seating = undefined;
    await this.rest.call("POST", "/api/lobby/updateSettings", this.host.token, { settings: { rounds: ROUNDS, roundLimit: ROUND_LIMIT_S, tags: ["General"] } });
    // Parties start their games at any moment: lobbies seated together must not end their rounds together.
    this.later(() => this.startGame(), Math.random() * (ROUND_LIMIT_S + 3) * 1000);
  }

  /**
   * The host's next call in `ms` (a second or two, as a person clicks), unless one is already planned.
   * A call may hand back what follows it once it has succeeded.
   */
  private later(step: () => Promise<(() => void) | void>, ms = 1000 + Math.random() * 2000, attempt = 0): void {
    if (this.stopped || this.pending !== undefined) return;
    this.pending = setTimeout(() => {
      this.pending = "calling";
      step().then(
        (next) => {
          this.pending = undefined;
          next?.();
        },
        (err: unknown) => {
          this.pending = undefined;
          // A conflict is a step that already happened (a call answered too late, or twice): the
          // lobby says what comes next.
          if (statusOf(err) === 409) return this.later(() => this.whereNow(), 0);
          this.meter.error(this.index, String((err as Error).message).split(":")[0]!);
          this.later(step, retryDelay(attempt + 1), attempt + 1);
        },
      );
    }, ms);
  }

  private async whereNow(): Promise<() => void> {
    const game = (await this.rest.call("GET", `/api/lobby/${this.code}`)).data.gameState;
    return () => this.follow(game?.phase ?? "none", game?.currentRoundNumber ?? 0);
  }

  /** What the host does next, from where the game is ("none": no game). */
  private follow(phase: string, round: number): void {
    if (phase === "idle" || phase === "results") this.later(() => this.startRound(round + 1));
    else if (phase === "complete") this.later(() => this.returnToLobby());
    else if (phase === "none") this.later(() => this.startGame());
  }

  private async startGame(): Promise<() => void> {
    await this.rest.call("POST", "/api/lobby/start", this.host!.token);
    this.endsAt.clear();
    return () => this.later(() => this.startRound(1));
  }

  private async returnToLobby(): Promise<() => void> {
    await this.rest.call("POST", "/api/lobby/returnToLobby", this.host!.token);
    return () => this.later(() => this.startGame());
  }

  private async startRound(number: number): Promise<void> {
    const started = await this.rest.call("POST", "/api/lobby/startRound", this.host!.token, { code: this.code, roundNumber: number });
    this.endsAt.set(number, started.endsAt);
    // One captain locks a few seconds in, the teams taking turns; the other team lets the clock run out.
    const captain = number % 2 ? this.host! : this.redCaptain!;
    setTimeout(() => {
      if (this.stopped) return;
      void this.rest.call("POST", "/api/lobby/submitAnswer", captain.token, { code: this.code, roundNumber: number, answer: `guess ${number}`, isSteal: false }).catch((err: unknown) => {
        if (statusOf(err) !== 409) this.meter.error(this.index, String((err as Error).message).split(":")[0]!);
      });
    }, 2000 + Math.random() * 4000);
  }

  frame(from: Player, event: string, payload: any): void {
    if (event === "chat-message") return this.meter.chat(from, payload?.message);
    if (event === "round-started") {
      this.endsAt.set(payload.game.currentRoundNumber, payload.endsAt);
      return;
    }
    if (event === "round-timeup" || event === "round-results") {
      const number: number = event === "round-timeup" ? payload.roundNumber : payload.round?.number;
      const endsAt = this.endsAt.get(number);
      if (endsAt !== undefined) this.meter.late(from, event === "round-timeup" ? "timeup" : "results", Date.now() - endsAt);
      if (event === "round-results" && from.id === this.host?.id) this.follow(payload.gameComplete ? "complete" : "results", number);
      return;
    }
    if (event === "socket-error") this.meter.error(this.index, `socket-error: ${payload?.message ?? "?"}`);
  }

  lost(player: Player, code: number | undefined): void {
    this.meter.lost(player, code);
  }

  synced(player: Player, snapshot: any, afterLossMs: number | undefined): void {
    this.seating?.(player);
    if (afterLossMs !== undefined) this.meter.resynced(player, afterLossMs, snapshot?.chat ?? []);
    const game = snapshot?.lobby?.gameState;
    if (!game) return;
    const round = game.currentRound;
    if (round) this.endsAt.set(round.number, round.endsAt);
    if (player.id === this.host?.id) this.follow(game.phase, game.currentRoundNumber);
  }

  close(): void {
    this.stopped = true;
    if (typeof this.pending !== "string") clearTimeout(this.pending);
    for (const player of this.players) player.close();
  }
}
