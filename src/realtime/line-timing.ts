// Where a chat line's time goes on this server, stage by stage, and how late the event loop runs
// (docs/bench.md "Where the tail comes from"). Off unless LINE_TIMING=1: then nothing of it is made,
// and each hook on the chat path is a null check of `lineTiming`. Turned on, the bench opens a window
// with SIGUSR2 (it prints `line-timing: open`) and closes it with a second SIGUSR2, which prints the
// window's figures as one line, `line-timing: {...}`. Only lines answered in the turn they came in are timed (every line, on
// one machine's store).
import { reduce as rules } from "../game/reduce";
import type { LobbyStorePort } from "../lobbies/store-port";
import { LoopLag, spread, type Spread } from "./loop-lag";

/** The marks of a line, in the order it passes them; a stage is the time between a mark and the one before. */
const MARKS = ["arrived", "validated", "reduced", "committed", "encoded", "published", "done"] as const;
type Mark = (typeof MARKS)[number];
/** decode+validate, dispatch+reduce, commit, accept+encode, publish, the rest of the handler */
export const STAGES = ["validate", "reduce", "commit", "encode", "publish", "rest"] as const;
/** lines a window keeps (a bench window is 15 s of 2,000 lines a second) */
const CAPACITY = 200_000;

export interface LineTimingReport {
  lines: number;
  /** each stage, and the whole line ("total"), in ms */
  stages: Record<(typeof STAGES)[number] | "total", Spread>;
  /** the mean of each stage over the lines at or above the total's p99, and the slowest line's stages */
  atP99: Record<(typeof STAGES)[number], number>;
  atMax: Record<(typeof STAGES)[number], number>;
  /** how late a 10 ms timer ran, in ms */
  loopLag: Spread & { samples: number };
}

const round = (n: number) => Number(n.toFixed(3));

export class LineTiming {
  private readonly marks = new Float64Array(MARKS.length);
  /** the next mark a line may take; -1 while no line is open */
  private next = -1;
  private recording = false;
  private count = 0;
  private readonly stages = STAGES.map(() => new Float64Array(CAPACITY));
  private readonly totals = new Float64Array(CAPACITY);
  readonly loop = new LoopLag();

  /** A frame came in: a line may begin. */
  arrived(): void {
    if (!this.recording) return;
    this.marks[0] = performance.now();
    this.next = 1;
  }

  /** A later mark, taken once, in order; a frame that is no chat line never reaches "validated". */
  mark(name: Exclude<Mark, "arrived" | "done">): void {
    if (this.next < 0 || MARKS[this.next] !== name) return;
    this.marks[this.next++] = performance.now();
  }

  /** The frame's handler returned: a line that passed every mark is counted. */
  done(): void {
    if (this.next === MARKS.length - 1 && this.count < CAPACITY) {
      this.marks[this.next] = performance.now();
      for (let i = 0; i < STAGES.length; i++) this.stages[i]![this.count] = this.marks[i + 1]! - this.marks[i]!;
      this.totals[this.count++] = this.marks[MARKS.length - 1]! - this.marks[0]!;
    }
    this.next = -1;
  }

  /** SIGUSR2: the first opens a window, the second closes it and prints its figures. */
  toggle(print: (line: string) => void): void {
    if (!this.recording) {
      this.count = 0;
      this.loop.reset();
      this.recording = true;
      return print("line-timing: open");
    }
    this.recording = false;
    print(`line-timing: ${JSON.stringify(this.report())}`);
  }

  report(): LineTimingReport {
    const n = this.count;
    const stages = Object.fromEntries([...STAGES.map((s, i) => [s, spread(this.stages[i]!, n)]), ["total", spread(this.totals, n)]]) as LineTimingReport["stages"];
    const p99 = stages.total.p99;
    let slowest = 0;
    const sums = STAGES.map(() => 0);
    let tail = 0;
    for (let line = 0; line < n; line++) {
      if (this.totals[line]! > this.totals[slowest]!) slowest = line;
      if (this.totals[line]! < p99) continue;
      tail++;
      for (let i = 0; i < STAGES.length; i++) sums[i]! += this.stages[i]![line]!;
    }
    const atP99 = Object.fromEntries(STAGES.map((s, i) => [s, round(sums[i]! / Math.max(1, tail))])) as LineTimingReport["atP99"];
    const atMax = Object.fromEntries(STAGES.map((s, i) => [s, round(this.stages[i]![slowest] ?? Number.NaN)])) as LineTimingReport["atMax"];
    return { lines: n, stages, atP99, atMax, loopLag: this.loop.take() };
  }
}

/** The probe, once turned on; null (every hook a null check) when LINE_TIMING is not set. */
export let lineTiming: LineTiming | null = null;

/** Turns the probe on, answering SIGUSR2; the rules and the store are wrapped to mark their ends. */
export function enableLineTiming(print: (line: string) => void): { reduce: typeof rules; store: (store: LobbyStorePort) => LobbyStorePort } {
  const timing = (lineTiming = new LineTiming());
  process.on("SIGUSR2", () => timing.toggle(print));
  return {
    reduce: (state, command, context) => {
      const outcome = rules(state, command, context);
      timing.mark("reduced");
      return outcome;
    },
    store: (store) => ({
      loadAll: () => store.loadAll(),
      ownQuestions: (code) => store.ownQuestions(code),
      ownQuestionBytesInAll: () => store.ownQuestionBytesInAll(),
      close: () => store.close(),
      commit: (change) => {
        const written = store.commit(change);
        timing.mark("committed");
        return written;
      },
    }),
  };
}
