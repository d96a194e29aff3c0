// The chat path in one process, for counting what a line allocates: a LobbyService on a store in a
// temporary folder, the realtime Handlers and Rooms as the server wires them, and seated connections
// that are no sockets. A line enters as the WebSocket transport hands it on (Handlers.frame with the
// frame's text) and leaves through Rooms' publish, here a counter: Bun's native publish and the
// sockets' writes are outside the JavaScript heap and outside this measure.
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
import { FloodGuard, FloodGuards } from "../../src/realtime/flood-guard";
import { Handlers } from "../../src/realtime/handlers";
import { Peer } from "../../src/realtime/peer";
import { Rooms } from "../../src/realtime/rooms";
import { encodeFrame } from "../../src/shared/wire";

/** A seated connection with no transport: what the handlers send it is dropped. */
class SilentPeer extends Peer {
  send(): void {}
  subscribe(): void {}
  unsubscribe(): void {}
  protected end(): void {}
  drop(): void {}
  probe(): void {}
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
  peer: Peer;
}

export class ChatRig {
  readonly store: LobbyStore;
  readonly service: LobbyService;
  readonly rooms = new Rooms();
  readonly handlers: Handlers;
  /** seats[lobby][player] */
  readonly seats: Seat[][] = [];
  /** frames published to a topic, and the last one (kept, so the JIT cannot drop the topic's or the frame's string) */
  published = 0;
  last: { topic: string; frame: string } = { topic: "", frame: "" };
  private readonly dir = mkdtempSync(join(tmpdir(), "stealmate-alloc-"));
  private sent = 0;

  constructor(lobbies: number) {
    this.store = new LobbyStore(join(this.dir, "lobbies.sqlite"), () => {});
    this.service = new LobbyService({ store: this.store, questions: noQuestions, judge: noJudge, log: () => {} });
    this.service.broadcaster = this.rooms;
    this.rooms.attach({
      publish: (topic: string, frame: string) => {
        this.published++;
        this.last.topic = topic;
        this.last.frame = frame;
      },
    });
    const limits = { lookups: new RateLimiter(LIFTED), connectionsPerAddress: LIFTED, eventsPerAddressPerSecond: LIFTED, snapshotsPerMinute: LIFTED };
    this.handlers = new Handlers({ service: this.service, tokens: new Tokens("alloc-bench", 3600), rooms: this.rooms, log: (line) => console.error(line), limits });
    // The rig sends a player's lines far faster than a phone may (20 a second): that budget is lifted
    // as the address's is through the limits, so no line is dropped. The guard's check still runs.
    const floods = this.handlers as unknown as { playerFloods?: FloodGuards };
    if (!floods.playerFloods) throw new Error("Handlers has no playerFloods: update bench/alloc/rig.ts");
    floods.playerFloods = new FloodGuards(() => new FloodGuard(LIFTED, LIFTED, LIFTED));
    for (let l = 0; l < lobbies; l++) this.seats.push(this.lobby(l));
    // The joins' own events are no chat lines.
    this.published = 0;
  }

  private lobby(l: number): Seat[] {
    const created = this.service.create(`Host ${l}`);
    if (!created.ok) throw new Error(created.message);
    const code = created.state.code;
    const ids = [created.playerId];
    for (let p = 1; p < PLAYERS; p++) {
      const playerId = crypto.randomUUID();
      const joined = this.service.dispatch(code, { type: "join", playerId, name: `Player ${p}` });
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

  /** Hands line i to the handlers, as the WebSocket transport does with a received frame. */
  line(i: number, frame: string): void {
    this.handlers.frame(this.seatOf(i).peer, frame);
    this.sent++;
  }

  /** Every lobby's history full (CHAT_HISTORY lines), and at least `atLeast` lines for the JIT. */
  warmUp(atLeast: number): void {
    const n = Math.max(atLeast, this.seats.length * CHAT_HISTORY);
    const frames = this.frames(0, n);
    for (let i = 0; i < n; i++) this.line(i, frames[i]!);
  }

  /** Each line sent was published once: none dropped, refused or doubled. */
  check(): void {
    if (this.published !== this.sent) throw new Error(`${this.sent} lines sent, ${this.published} frames published`);
  }

  close(): void {
    this.service.shutdown();
    this.store.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
