// Child of bench/alloc.ts: objects allocated per chat line, for the whole line and for each stage
// of its path on its own. Started with a raised eden (BUN_JSC_largeHeapSize) so that no collection
// runs inside a measured window: JSC's heapStats() then counts every cell allocated in it as live, and
// the difference of two counts is what the window allocated. A window a collection ran in is refused.
// The main thread's heap and the writer thread's are counted apart (writer-probe.ts).
import { heapSize, heapStats } from "bun:jsc";
import { reduce } from "../../src/game/reduce";
import type { ChatMessage } from "../../src/game/types";
import type { LobbyChange } from "../../src/lobbies/store-port";
import { clientSchemas } from "../../src/shared/events";
import { decodeFrame } from "../../src/shared/wire";
import { ChatRig } from "./rig";
import type { WriterCounts } from "./writer-probe";

const LOBBIES = Number(process.env.ALLOC_LOBBIES ?? 250);
const LINES = Number(process.env.ALLOC_LINES ?? 5000);
const WARM = Number(process.env.ALLOC_WARM ?? 20000);
const WAVE = Number(process.env.ALLOC_WAVE ?? 1);

export interface Counted {
  objects: number;
  types: Record<string, number>;
}

const counts = () => heapStats().objectTypeCounts as Record<string, number>;

function difference(before: Record<string, number>, after: Record<string, number>): Counted {
  const types: Record<string, number> = {};
  let objects = 0;
  for (const [type, count] of Object.entries(after)) {
    const d = count - (before[type] ?? 0);
    if (d !== 0) types[type] = d;
    objects += d;
  }
  return { objects, types };
}

/**
 * Cells a window allocates on this thread, after `warm()` to let the JIT settle. A window may wait
 * (a line is finished only once the writer thread acknowledged its commit).
 */
async function counted(warm: () => unknown, window: () => unknown): Promise<Counted> {
  await warm();
  Bun.gc(true);
  const size = heapSize();
  const before = counts();
  await window();
  const after = counts();
  if (heapSize() !== size) throw new Error("a collection ran inside a measured window of this thread");
  return difference(before, after);
}

/** The same for the writer thread's heap, counted by the probe it was started with. */
async function countedInWriter(window: () => Promise<void>): Promise<Counted> {
  const before: WriterCounts = await rig.writerCounts(true);
  await window();
  const after = await rig.writerCounts(false);
  if (after.heapSize !== before.heapSize) throw new Error("a collection ran in the writer inside the measured window");
  return difference(before.types, after.types);
}

const loop = (from: number, n: number, body: (i: number) => void) => () => {
  for (let i = from; i < from + n; i++) body(i);
};
const rig = await ChatRig.open(LOBBIES);
await rig.warmUp(WARM, WAVE);
const seat = rig.seatOf(0);
const total = WARM + LINES;

// heapStats() itself allocates its answer: an empty window's count is taken off every other. A window
// that waits also holds a promise and an immediate of its own, as the empty one that waits does.
const empty = await counted(
  () => {},
  () => {},
);
const emptyWait = await counted(
  () => {},
  () => new Promise<void>((resolve) => setImmediate(resolve)),
);
const perLine = (c: Counted, base: Counted) => ({ objects: (c.objects - base.objects) / LINES, types: Object.fromEntries(Object.entries(c.types).map(([t, n]) => [t, (n - (base.types[t] ?? 0)) / LINES])) });

const frames = rig.frames(rig.seats.length * 1000, total);
const payloads = frames.map((f) => (decodeFrame(f) as { payload: unknown }).payload);
const commands = payloads.map((p) => ({ type: "chat" as const, playerId: seat.playerId, message: (p as { message: string }).message, chatType: "game" as const }));
const messages: ChatMessage[] = commands.map((c, i) => ({ message: c.message, playerId: c.playerId, playerName: "Host 0", team: seat.team, chatType: "game", timestamp: 1_700_000_000_000 + i }));
// Lobby after lobby, as lines come, so that a wave's commits are of different lobbies as a wave of lines' are.
const changes: LobbyChange[] = messages.map((message, i) => ({ kind: "chat", code: rig.seatOf(i).code, message }));
const [warmChanges, windowChanges] = [changes.slice(0, WARM), changes.slice(WARM)];
const dispatched = payloads.map((p, i) => ({ code: rig.seatOf(i).code, command: { type: "chat" as const, playerId: rig.seatOf(i).playerId, message: (p as { message: string }).message, chatType: "game" as const } }));
const [warmDispatched, windowDispatched] = [dispatched.slice(0, WARM), dispatched.slice(WARM)];
const ctx = { now: 1_800_000_000_000 };
const room = { kind: "room" } as const;
let state = rig.service.get(seat.code)!;
let sink: unknown;

const sync = (body: (i: number) => void) => counted(loop(0, WARM, body), loop(WARM, LINES, body));
/** The stages of a line the transport's handlers run before they hand the command on; the handlers' own are the rest. */
const stages = {
  "decode the frame (JSON.parse)": [await sync((i) => void (sink = decodeFrame(frames[i]!))), empty],
  "validate (zod safeParse)": [await sync((i) => void (sink = clientSchemas["chat-message"].safeParse(payloads[i]))), empty],
} satisfies Record<string, [Counted, Counted]>;
/** The service's whole turn for a command: its queue, the rule, the commit until acknowledged, the effects. */
const service = await counted(
  () => rig.dispatches(warmDispatched, WAVE),
  () => rig.dispatches(windowDispatched, WAVE),
);
/** Parts of the service's turn, each alone; the service's own (its queue, its promises, the effects' loop) are the rest. */
const parts = {
  "the chat rule (reduce)": [
    await sync((i) => {
      const out = reduce(state, commands[i]!, ctx);
      if (out.ok) state = out.state;
    }),
    empty,
  ],
  // Whole, on this thread: the store's JSON of the row, its promise, the message to the writer and its answer.
  "commit (LobbyStore.commit, until acknowledged)": [
    await counted(
      () => rig.commits(warmChanges, WAVE),
      () => rig.commits(windowChanges, WAVE),
    ),
    emptyWait,
  ],
  // Lobby after lobby, as lines come: with one code throughout, the JIT would fold the topic's name away.
  "fan-out (Rooms.emit)": [await sync((i) => rig.rooms.emit(rig.seatOf(i).code, room, "chat-message", messages[i]!)), empty],
} satisfies Record<string, [Counted, Counted]>;
void sink;

const lineFrames = rig.frames(rig.seats.length * 2000, LINES);
const start = rig.seats.length * 2000;
rig.published = 0;
const whole = await counted(
  () => {},
  () => rig.lines(start, lineFrames, WAVE),
);
if (rig.published !== LINES) throw new Error(`${LINES} lines sent, ${rig.published} frames published`);

// The writer thread's heap: the same lines again, counted there, with an empty window taken off.
const writerEmpty = await countedInWriter(async () => {});
const writerFrames = rig.frames(rig.seats.length * 3000, LINES);
const writer = await countedInWriter(() => rig.lines(rig.seats.length * 3000, writerFrames, WAVE));
await rig.close();

console.log(
  JSON.stringify({
    lobbies: LOBBIES,
    lines: LINES,
    warm: WARM,
    wave: WAVE,
    line: perLine(whole, emptyWait),
    writer: perLine(writer, writerEmpty),
    stages: Object.fromEntries(Object.entries(stages).map(([k, [c, base]]) => [k, perLine(c, base)])),
    service: perLine(service, emptyWait),
    parts: Object.fromEntries(Object.entries(parts).map(([k, [c, base]]) => [k, perLine(c, base)])),
  }),
);
