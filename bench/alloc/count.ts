// Child of bench/alloc.ts: objects allocated per chat line, for the whole line and for each stage
// of its path on its own. Started with a raised eden (BUN_JSC_largeHeapSize) so that no collection
// runs inside a measured window: JSC's heapStats() then counts every cell allocated in it as live, and
// the difference of two counts is what the window allocated. A window a collection ran in is refused.
import { heapSize, heapStats } from "bun:jsc";
import { reduce } from "../../src/game/reduce";
import type { ChatMessage } from "../../src/game/types";
import type { LobbyChange } from "../../src/lobbies/store-port";
import { clientSchemas } from "../../src/shared/events";
import { decodeFrame } from "../../src/shared/wire";
import { ChatRig } from "./rig";

const LOBBIES = Number(process.env.ALLOC_LOBBIES ?? 250);
const LINES = Number(process.env.ALLOC_LINES ?? 5000);
const WARM = Number(process.env.ALLOC_WARM ?? 50000);
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

/** Cells a window allocates, after `warm()` to let the JIT settle. A window may wait (the rig's waves turn the event loop). */
async function counted(warm: () => unknown, window: () => unknown): Promise<Counted> {
  await warm();
  Bun.gc(true);
  const size = heapSize();
  const before = counts();
  await window();
  const after = counts();
  if (heapSize() !== size) throw new Error("a collection ran inside a measured window");
  return difference(before, after);
}

const loop = (from: number, n: number, body: (i: number) => void) => () => {
  for (let i = from; i < from + n; i++) body(i);
};
const rig = await ChatRig.open(LOBBIES);
await rig.warmUp(WARM, WAVE);
const seat = rig.seatOf(0);
const total = WARM + LINES;

// heapStats() itself allocates its answer: an empty window's count is taken off every other.
const empty = await counted(
  () => {},
  () => {},
);
const perLine = (c: Counted, base: Counted) => ({ objects: (c.objects - base.objects) / LINES, types: Object.fromEntries(Object.entries(c.types).map(([t, n]) => [t, (n - (base.types[t] ?? 0)) / LINES])) });

const frames = rig.frames(rig.seats.length * 1000, total);
const payloads = frames.map((f) => (decodeFrame(f) as { payload: unknown }).payload);
const commands = payloads.map((p) => ({ type: "chat" as const, playerId: seat.playerId, message: (p as { message: string }).message, chatType: "game" as const }));
const messages: ChatMessage[] = commands.map((c, i) => ({ message: c.message, playerId: c.playerId, playerName: "Host 0", team: seat.team, chatType: "game", timestamp: 1_700_000_000_000 + i }));
const changes: LobbyChange[] = messages.map((message, i) => ({ kind: "chat", code: rig.seatOf(i).code, message }));
const dispatched = payloads.map((p, i) => ({ code: rig.seatOf(i).code, command: { type: "chat" as const, playerId: rig.seatOf(i).playerId, message: (p as { message: string }).message, chatType: "game" as const } }));
const ctx = { now: 1_800_000_000_000 };
const room = { kind: "room" } as const;
let state = rig.service.get(seat.code)!;
let sink: unknown;

const sync = (body: (i: number) => void) => counted(loop(0, WARM, body), loop(WARM, LINES, body));
/** The stages of a line the transport's handlers run before they hand the command on; the handlers' own are the rest. */
const stages = {
  "decode the frame (JSON.parse)": await sync((i) => void (sink = decodeFrame(frames[i]!))),
  "validate (zod safeParse)": await sync((i) => void (sink = clientSchemas["chat-message"].safeParse(payloads[i]))),
};
/** The service's whole turn for a command: its queue, the rule, the commit, the effects. */
const service = await sync((i) => void (sink = rig.service.dispatch(dispatched[i]!.code, dispatched[i]!.command)));
/** Parts of the service's turn, each alone; the service's own (its job, the change, the effects' loop) are the rest. */
const parts = {
  "the chat rule (reduce)": await sync((i) => {
    const out = reduce(state, commands[i]!, ctx);
    if (out.ok) state = out.state;
  }),
  "commit (LobbyStore.commit)": await sync((i) => void (sink = rig.store.commit(changes[i]!))),
  // Lobby after lobby, as lines come: with one code throughout, the JIT would fold the topic's name away.
  "fan-out (Rooms.emit)": await sync((i) => rig.rooms.emit(rig.seatOf(i).code, room, "chat-message", messages[i]!)),
};
void sink;

// The whole line, in the rig's waves; their own part (an Immediate a wave) is counted alone and taken off.
const driver = await counted(
  () => {},
  () => rig.drive(LINES, WAVE, () => {}),
);
const start = rig.seats.length * 2000;
const lineFrames = rig.frames(start, LINES);
const whole = await counted(
  () => {},
  () => rig.lines(start, lineFrames, WAVE),
);
await rig.close();

const each = (windows: Record<string, Counted>) => Object.fromEntries(Object.entries(windows).map(([k, c]) => [k, perLine(c, empty)]));
console.log(
  JSON.stringify({
    lobbies: LOBBIES,
    lines: LINES,
    warm: WARM,
    wave: WAVE,
    line: perLine(whole, driver),
    driver: perLine(driver, empty),
    stages: each(stages),
    service: perLine(service, empty),
    parts: each(parts),
  }),
);
