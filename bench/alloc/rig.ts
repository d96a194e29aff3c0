// The chat path in one process, for counting what a line allocates: a LobbyService on a store in a
// temporary folder, the realtime Handlers and Rooms as the server wires them, and seated connections
// that are no sockets. A line enters as the WebSocket transport hands it on (Handlers.frame with the
// frame's text) and is finished once its frame is published through Rooms, here to a counter: Bun's
// native publish and the sockets' writes are outside the JavaScript heap and outside this measure.
// The store writes a commit before it returns, so a line is finished in the turn it came in; the rig
// checks that of every line, since a line that waited would leave part of its work out of a count.
//
// Lines go in waves: a wave's lines are handed on in one turn of the event loop, and the next wave
// comes in a turn of its own, as a socket's next message would. A wave of 1 is a line a turn.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RateLimiter } from "../../src/access/rate-limit";
import { Tokens } from "../../src/access/tokens";
import { CHAT_HISTORY } from "../../src/game/settings";
import type { Team } from "../../src/game/types";
import { LobbyService } from "../../src/lobbies/service";
import type { AnswerJudge, QuestionSource } from "../../src/lobbies/seams";
import { LobbyStore } from "../../src/lobbies/store";
import type { LobbyStorePort } from "../../src/lobbies/store-port";
import type { reduce } from "../../src/game/reduce";
import { FloodGuard, FloodGuards } from "../../src/realtime/flood-guard";
import { Handlers } from "../../src/realtime/handlers";
import { Peer } from "../../src/realtime/peer";
import { Rooms } from "../../src/realtime/rooms";
import { encodeFrame } from "../../src/shared/wire";

/** A seated connection with no transport: the handlers send it only a refusal, kept for the error it makes. */
class SilentPeer extends Peer {
  refusal: string | null = null;
  send(frame: string): void {
    this.refusal = frame;
  }
  subscribe(): void {}
  unsubscribe(): void {}
  protected end(): void {}
  drop(): void {}
  probe(): void {}
  backlog(): number {
    return 0;
  }
}

const noQuestions: QuestionSource = { pick: async () => [] };
const noJudge: AnswerJudge = { judge: async () => false };
const LIFTED = 1e9;
/** Players per lobby, as in the realtime benchmark (docs/bench.md "Method"). */
export const PLAYERS = 8;

export interface Seat {
  code: string;
  playerId: string;
  team: Team;
  peer: SilentPeer;
}

/** What is being sent: items 0..n in waves, and how the run ends. */
interface Run {
  send: (k: number) => void;
  n: number;
  wave: number;
  next: number;
  onWave: ((done: number) => void) | undefined;
  resolve: () => void;
  reject: (err: unknown) => void;
}

export class ChatRig {
  readonly rooms = new Rooms();
  readonly handlers: Handlers;
  /** seats[lobby][player] */
  readonly seats: Seat[][] = [];
  /** frames published to a topic, and the last one (kept, so the JIT cannot drop the topic's or the frame's string) */
  published = 0;
  last: { topic: string; frame: string } = { topic: "", frame: "" };
  private run: Run | null = null;

  private constructor(
    readonly store: LobbyStore,
    readonly service: LobbyService,
    private readonly dir: string,
  ) {
    this.service.broadcaster = this.rooms;
    this.rooms.attach({
      publish: (topic: string, frame: string) => {
        this.published++;
        this.last.topic = topic;
        this.last.frame = frame;
      },
    });
    const limits = { lookups: new RateLimiter(LIFTED), connectionsPerAddress: LIFTED, eventsPerAddressPerSecond: LIFTED, snapshotsPerMinute: LIFTED, queuedBytesPerConnection: LIFTED };
    this.handlers = new Handlers({ service: this.service, tokens: new Tokens("alloc-bench", 3600), rooms: this.rooms, log: (line) => console.error(line), limits });
    // The rig sends a player's lines far faster than a phone may (20 a second): that budget is lifted
    // as the address's is through the limits, so no line is dropped. The guard's check still runs.
    const floods = this.handlers as unknown as { playerFloods?: FloodGuards };
    if (!floods.playerFloods) throw new Error("Handlers has no playerFloods: update bench/alloc/rig.ts");
    floods.playerFloods = new FloodGuards(() => new FloodGuard(LIFTED, LIFTED, LIFTED));
  }

  /** `timing`: the line timing's wrappers of the store and the rules (src/realtime/line-timing.ts), as the server installs them. */
  static async open(lobbies: number, timing?: { reduce: typeof reduce; store: (store: LobbyStorePort) => LobbyStorePort }): Promise<ChatRig> {
    const dir = mkdtempSync(join(tmpdir(), "stealmate-alloc-"));
    const store = new LobbyStore(join(dir, "lobbies.sqlite"), () => {});
    const service = await LobbyService.open({ store: timing ? timing.store(store) : store, questions: noQuestions, judge: noJudge, log: () => {}, reduce: timing?.reduce });
    const rig = new ChatRig(store, service, dir);
    for (let l = 0; l < lobbies; l++) rig.seats.push(await rig.lobby(l));
    return rig;
  }

  private async lobby(l: number): Promise<Seat[]> {
    const created = await this.service.create(`Host ${l}`);
    if (!created.ok) throw new Error(created.message);
    const code = created.state.code;
    const ids = [created.playerId];
    for (let p = 1; p < PLAYERS; p++) {
      const playerId = crypto.randomUUID();
      const joined = await this.service.dispatch(code, { type: "join", playerId, name: `Player ${p}` });
      if (!joined.ok) throw new Error(joined.message);
      ids.push(playerId);
    }
    const players = this.service.get(code)!.players;
    return ids.map((playerId) => {
      const team = players.find((p) => p.id === playerId)!.team!;
      const peer = new SilentPeer();
      peer.address = "127.0.0.1";
      this.handlers.opened(peer);
      this.rooms.enter(peer, code, playerId, team);
      return { code, playerId, team, peer };
    });
  }

  /** Who sends line i: lobby after lobby, then the next player of each. */
  seatOf(i: number): Seat {
    const lobby = this.seats[i % this.seats.length]!;
    return lobby[Math.floor(i / this.seats.length) % PLAYERS]!;
  }

  /**
   * The texts of lines i..i+n as a client sends them: room chat, a few characters like the realtime
   * benchmark's "<send time>|<client>". Built before a measured window, as Bun builds a received
   * frame's string before the handler runs.
   */
  frames(from: number, n: number): string[] {
    return Array.from({ length: n }, (_, k) => encodeFrame("chat-message", { message: `${(1000 + (from + k) * 0.731).toFixed(3)}|c${from + k}`, chatType: "game" }));
  }

  /** Hands line i to the handlers, as the WebSocket transport does with a received frame; throws unless its frame went out at once. */
  line(i: number, frame: string): void {
    const seat = this.seatOf(i);
    const published = this.published;
    this.handlers.frame(seat.peer, frame);
    if (this.published !== published + 1) throw new Error(`line ${i} was not published in its turn${seat.peer.refusal ? `: refused with ${seat.peer.refusal}` : ""}`);
  }

  /** Lines from..from+frames.length in waves of `wave` (see drive). */
  lines(from: number, frames: string[], wave: number, onWave?: (done: number) => void): Promise<void> {
    return this.drive(frames.length, wave, (k) => this.line(from + k, frames[k]!), onWave);
  }

  /**
   * send(0..n) in waves of `wave`, each wave in a turn of the event loop of its own; resolves in the
   * turn after the last. onWave is told how many are sent before each wave and after the last. The
   * rig's own part is one Immediate a wave: driving nothing (`send` a no-op) measures it.
   */
  drive(n: number, wave: number, send: (k: number) => void, onWave?: (done: number) => void): Promise<void> {
    if (this.run) throw new Error("one run at a time");
    return new Promise<void>((resolve, reject) => {
      this.run = { send, n, wave, next: 0, onWave, resolve, reject };
      this.nextWave();
    });
  }

  /** Bound once: setImmediate takes it without a closure of its own. */
  private readonly nextWave = (): void => {
    const run = this.run!;
    run.onWave?.(run.next);
    if (run.next === run.n) {
      this.run = null;
      return run.resolve();
    }
    const end = Math.min(run.next + run.wave, run.n);
    try {
      for (; run.next < end; run.next++) run.send(run.next);
    } catch (err) {
      this.run = null;
      return run.reject(err);
    }
    setImmediate(this.nextWave);
  };

  /** Every lobby's history full (CHAT_HISTORY lines), and at least `atLeast` lines for the JIT. */
  async warmUp(atLeast: number, wave: number): Promise<void> {
    const n = Math.max(atLeast, this.seats.length * CHAT_HISTORY);
    await this.lines(0, this.frames(0, n), wave);
  }

  async close(): Promise<void> {
    this.service.shutdown();
    await this.store.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
