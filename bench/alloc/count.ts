// Child of bench/alloc.ts: objects allocated per chat line, for the whole line and for each stage
// of its path on its own. Started with a raised eden (BUN_JSC_largeHeapSize) so that no collection
// runs inside a measured window: JSC's heapStats() then counts every cell allocated in it as live, and
// the difference of two counts is what the window allocated. A window a collection ran in is refused.
import { heapSize, heapStats } from "bun:jsc";
import { reduce } from "../../src/game/reduce";
import type { ChatMessage } from "../../src/game/types";
import { clientSchemas } from "../../src/shared/events";
import { decodeFrame } from "../../src/shared/wire";
import { ChatRig } from "./rig";

const LOBBIES = Number(process.env.ALLOC_LOBBIES ?? 250);
const LINES = Number(process.env.ALLOC_LINES ?? 5000);
const WARM = Number(process.env.ALLOC_WARM ?? 20000);

export interface Counted {
  objects: number;
  types: Record<string, number>;
}

const counts = () => heapStats().objectTypeCounts as Record<string, number>;

/** Cells allocated by n calls of body, after `WARM` calls to let the JIT settle. */
function counted(n: number, body: (i: number) => void, warm = WARM): Counted {
  for (let i = 0; i < warm; i++) body(i);
  Bun.gc(true);
  const size = heapSize();
  const before = counts();
  for (let i = 0; i < n; i++) body(warm + i);
  const after = counts();
  if (heapSize() !== size) throw new Error("a collection ran inside the measured window: raise BUN_JSC_largeHeapSize");
  const types: Record<string, number> = {};
  let objects = 0;
  for (const [type, count] of Object.entries(after)) {
    const d = count - (before[type] ?? 0);
    if (d !== 0) types[type] = d;
    objects += d;
  }
  return { objects, types };
}

const rig = new ChatRig(LOBBIES);
rig.warmUp(WARM);
const seat = rig.seatOf(0);
const total = WARM + LINES;

// heapStats() itself allocates its answer: an empty window's count is taken off every other.
const empty = counted(0, () => {}, 0);
const perLine = (c: Counted) => ({ objects: (c.objects - empty.objects) / LINES, types: Object.fromEntries(Object.entries(c.types).map(([t, n]) => [t, (n - (empty.types[t] ?? 0)) / LINES])) });

const frames = rig.frames(rig.seats.length * 1000, total);
const payloads = frames.map((f) => (decodeFrame(f) as { payload: unknown }).payload);
const commands = payloads.map((p) => ({ type: "chat" as const, playerId: seat.playerId, message: (p as { message: string }).message, chatType: "game" as const }));
const messages: ChatMessage[] = commands.map((c, i) => ({ message: c.message, playerId: c.playerId, playerName: "Host 0", team: seat.team, chatType: "game", timestamp: 1_700_000_000_000 + i }));
const ctx = { now: 1_800_000_000_000 };
const room = { kind: "room" } as const;
let state = rig.service.get(seat.code)!;
let sink: unknown;

const stages = {
  "decode the frame (JSON.parse)": counted(LINES, (i) => void (sink = decodeFrame(frames[i]!))),
  "validate (zod safeParse)": counted(LINES, (i) => void (sink = clientSchemas["chat-message"].safeParse(payloads[i]))),
  "the chat rule (reduce)": counted(LINES, (i) => {
    const out = reduce(state, commands[i]!, ctx);
    if (out.ok) state = out.state;
  }),
  "store the row (appendChat)": counted(LINES, (i) => rig.store.appendChat(seat.code, messages[i]!)),
  // Lobby after lobby, as lines come: with one code throughout, the JIT would fold the topic's name away.
  "fan-out (Rooms.emit)": counted(LINES, (i) => rig.rooms.emit(rig.seatOf(i).code, room, "chat-message", messages[i]!)),
};
void sink;

const lineFrames = rig.frames(rig.seats.length * 2000, total);
const start = rig.seats.length * 2000;
rig.published = 0;
const whole = counted(LINES, (i) => rig.line(start + i, lineFrames[i]!));
if (rig.published !== total) throw new Error(`${total} lines sent, ${rig.published} frames published`);
rig.close();

console.log(JSON.stringify({ lobbies: LOBBIES, lines: LINES, warm: WARM, line: perLine(whole), stages: Object.fromEntries(Object.entries(stages).map(([k, c]) => [k, perLine(c)])) }));
