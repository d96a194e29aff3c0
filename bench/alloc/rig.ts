// The chat path in one process, for counting what a line allocates: a LobbyService on a store in a
// temporary folder (its SQLite writer thread included), the realtime Handlers and Rooms as the server
// wires them, and seated connections that are no sockets. A line enters as the WebSocket transport
// hands it on (Handlers.frame with the frame's text) and is finished once its commit is acknowledged
// by the writer thread and its frame is published through Rooms, here to a counter: Bun's native
// publish and the sockets' writes are outside the JavaScript heap and outside this measure.
//
// Lines go in waves: a wave's lines are handed on in one turn of the event loop (so their commits
// share one message to the writer and one transaction), and the next wave starts once every frame of
// this one is published. A wave of 1 is a line at a time, each with a round trip of its own.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RateLimiter } from "../../src/access/rate-limit";
import { Tokens } from "../../src/access/tokens";
import { CHAT_HISTORY } from "../../src/game/settings";
import type { Command } from "../../src/game/commands";
import type { Team } from "../../src/game/types";
import { LobbyService } from "../../src/lobbies/service";
import type { AnswerJudge, QuestionSource } from "../../src/lobbies/seams";
import { LobbyStore } from "../../src/lobbies/store";
import type { LobbyChange } from "../../src/lobbies/store-port";
import { FloodGuard, FloodGuards } from "../../src/realtime/flood-guard";
import { Handlers } from "../../src/realtime/handlers";
import { Peer } from "../../src/realtime/peer";
import { Rooms } from "../../src/realtime/rooms";
import { encodeFrame } from "../../src/shared/wire";
import type { WriterCounts } from "./writer-probe";

/** A seated connection with no transport: the handlers send it only a refusal, which stops the run. */
class SilentPeer extends Peer {
  constructor(private readonly refused: (frame: string) => void) {
    super();
  }
  send(frame: string): void {
    this.refused(frame);
  }
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
const PROBE = new URL("./writer-probe.ts", import.meta.url).href;

export interface Seat {
  code: string;
  playerId: string;
  team: Team;
  peer: Peer;
}

/** What is being sent: items from..from+n in waves, and how the run ends. */
interface Run {
  send: (k: number) => void;
  n: number;
  wave: number;
  next: number;
  onWave: ((done: number) => void) | undefined;
  resolve: () => void;
  reject: (err: Error) => void;
}

/**
 * The store's writer thread is started with writer-probe.ts preloaded, so the rig can count the
 * writer's own heap, and the rig hears its answers after the store has (a listener added after the
 * store's own handler), to start a wave of commits once the last one is acknowledged.
 */
function watchWriter(): { writer: () => Worker; restore: () => void } {
  const Original = globalThis.Worker;
  let writer: Worker | null = null;
  globalThis.Worker = class extends Original {
    constructor(url: string | URL, options?: WorkerOptions) {
      const isWriter = String(url).endsWith("/sqlite-writer.ts");
      super(url, isWriter ? { ...options, preload: [PROBE] } : options);
      if (isWriter) writer = this;
    }
  } as typeof Worker;
  return {
    writer: () => {
      if (!writer) throw new Error("the store started no sqlite-writer.ts: update bench/alloc/rig.ts");
      return writer;
    },
    restore: () => void (globalThis.Worker = Original),
  };
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
  /** the count (of frames published, or of commits acknowledged) at which the wave is finished */
  private target = -1;
  private counting: "frames" | "commits" = "frames";
  private probed: ((counts: WriterCounts) => void) | null = null;

  private constructor(
    readonly store: LobbyStore,
    readonly service: LobbyService,
    private readonly writer: Worker,
    private readonly dir: string,
  ) {
    this.service.broadcaster = this.rooms;
    this.rooms.attach({
      publish: (topic: string, frame: string) => {
        this.published++;
        this.last.topic = topic;
        this.last.frame = frame;
        if (this.counting === "frames" && this.published === this.target) queueMicrotask(this.nextWave);
      },
    });
    writer.addEventListener("message", (event: MessageEvent<{ probe?: WriterCounts }>) => {
      if (event.data.probe) return this.probed?.(event.data.probe);
      if (this.counting === "commits" && this.store.stats.commits === this.target) queueMicrotask(this.nextWave);
    });
    const limits = { lookups: new RateLimiter(LIFTED), connectionsPerAddress: LIFTED, eventsPerAddressPerSecond: LIFTED, snapshotsPerMinute: LIFTED };
    this.handlers = new Handlers({ service: this.service, tokens: new Tokens("alloc-bench", 3600), rooms: this.rooms, log: (line) => console.error(line), limits });
    // The rig sends a player's lines far faster than a phone may (20 a second): that budget is lifted
    // as the address's is through the limits, so no line is dropped. The guard's check still runs.
    const floods = this.handlers as unknown as { playerFloods?: FloodGuards };
    if (!floods.playerFloods) throw new Error("Handlers has no playerFloods: update bench/alloc/rig.ts");
    floods.playerFloods = new FloodGuards(() => new FloodGuard(LIFTED, LIFTED, LIFTED));
  }

  static async open(lobbies: number): Promise<ChatRig> {
    const dir = mkdtempSync(join(tmpdir(), "stealmate-alloc-"));
    const watched = watchWriter();
    const store = new LobbyStore(join(dir, "lobbies.sqlite"), () => {});
    watched.restore();
    const service = await LobbyService.open({ store, questions: noQuestions, judge: noJudge, log: () => {} });
    const rig = new ChatRig(store, service, watched.writer(), dir);
    for (let l = 0; l < lobbies; l++) rig.seats.push(await rig.lobby(l));
    // The joins' own events are no chat lines.
    rig.published = 0;
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
      const peer = new SilentPeer((frame) => this.fail(new Error(`a line was refused: ${frame}`)));
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
  }

  /**
   * Lines from..from+frames.length in waves of `wave`. Resolves once every line's frame is published
   * and what followed it (the command's and the frame's promises) has run. onWave is told how many
   * lines are finished before each wave and after the last.
   */
  lines(from: number, frames: string[], wave: number, onWave?: (done: number) => void): Promise<void> {
    return this.drive("frames", frames.length, wave, (k) => this.line(from + k, frames[k]!), onWave);
  }

  /** The service alone: each chat command dispatched, in waves, the next once every frame of the last is published. */
  dispatches(commands: { code: string; command: Command }[], wave: number): Promise<void> {
    // The outcomes' promises are dropped: the published frames, not they, start the next wave.
    return this.drive("frames", commands.length, wave, (k) => void this.service.dispatch(commands[k]!.code, commands[k]!.command));
  }

  /** The store alone: each change committed, in waves, the next once the writer acknowledged the last. */
  commits(changes: LobbyChange[], wave: number): Promise<void> {
    // The commits' own promises are dropped: the writer's answers, not them, start the next wave.
    return this.drive("commits", changes.length, wave, (k) => void this.store.commit(changes[k]!));
  }

  private drive(counting: "frames" | "commits", n: number, wave: number, send: (k: number) => void, onWave?: (done: number) => void): Promise<void> {
    if (this.run) throw new Error("one run at a time");
    this.counting = counting;
    return new Promise<void>((resolve, reject) => {
      this.run = { send, n, wave, next: 0, onWave, resolve, reject };
      this.nextWave();
    });
  }

  /** Bound once: queueMicrotask takes it without allocating (a wave costs the measure nothing of its own). */
  private readonly nextWave = (): void => {
    const run = this.run;
    if (!run) return;
    run.onWave?.(run.next);
    if (run.next === run.n) {
      this.run = null;
      this.target = -1;
      // After every promise the last wave's lines set off.
      return void setImmediate(run.resolve);
    }
    const end = Math.min(run.next + run.wave, run.n);
    this.target = (this.counting === "frames" ? this.published : this.store.stats.commits) + (end - run.next);
    for (; run.next < end; run.next++) run.send(run.next);
  };

  private fail(err: Error): void {
    const run = this.run;
    this.run = null;
    if (run) run.reject(err);
    else throw err;
  }

  /** Every lobby's history full (CHAT_HISTORY lines), and at least `atLeast` lines for the JIT. */
  async warmUp(atLeast: number, wave: number): Promise<void> {
    const n = Math.max(atLeast, this.seats.length * CHAT_HISTORY);
    await this.lines(0, this.frames(0, n), wave);
  }

  /**
   * The writer thread's cell counts by type (writer-probe.ts); `collect` runs a full collection
   * there first, so that what it allocates after is what a later count adds.
   */
  writerCounts(collect: boolean): Promise<WriterCounts> {
    return new Promise((resolve) => {
      this.probed = (counts) => {
        this.probed = null;
        resolve(counts);
      };
      // An empty group to the writer: it writes nothing, and the probe answers the same message.
      this.writer.postMessage({ changes: [], probe: collect ? "collect" : "count" });
    });
  }

  async close(): Promise<void> {
    this.service.shutdown();
    await this.store.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
