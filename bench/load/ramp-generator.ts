// The capacity bench's load generator, its own process: the same clients, chat and latency method
// as generator.ts, but lobbies are added in steps while the chat already running goes on.
//   bun bench/load/ramp-generator.ts --url http://127.0.0.1:3000 --kind stealmate
//     [--per-lobby 8] [--rate 1] [--tick-ms 1] [--concurrency 40] [--limit 900] [--routed 1]
// It reads one step a line on stdin, {"lobbies":N,"settle":S,"measure":M,"grace":G}: it opens lobbies
// until N are open, lets the server settle S seconds, measures M seconds, waits up to G seconds for
// the window's stragglers, then answers one JSON line on stdout (a StepReport). Phases go to stderr
// as JSON lines so the orchestrator can sample the server during the window. It ends at the end of
// stdin, or past --limit seconds whatever happens.
import { argReader, loadArgs, phase } from "./args";
import { ChatSender } from "./chat-sender";
import { ChatWindow, round, type WindowStats } from "./chat-window";
import { Crowd } from "./crowd";
import { LoopLag } from "../../src/realtime/loop-lag";

export interface Step {
  lobbies: number;
  settle: number;
  measure: number;
  grace: number;
}

export interface StepReport extends WindowStats {
  /** lobbies opened so far (refused ones included) */
  lobbies: number;
  clients: number;
  /** clients still connected at the end of the step */
  connected: number;
  /** seconds it took to open this step's lobbies */
  setupSeconds: number;
  /** what went wrong during the step (refused joins, dropped connections, socket errors) */
  errors: number;
  errorKinds: Record<string, number>;
  /** sends skipped because the generator fell more than half a second behind, during the step */
  skippedSends: number;
  /** how late the generator's own timers ran during the window */
  loopLagMs: { p99: number; max: number };
}

async function main(): Promise<void> {
  const args = argReader(process.argv.slice(2));
  const opts = loadArgs(args);
  const limit = setTimeout(() => {
    phase("timeout");
    process.exit(2);
  }, Math.max(5, args.num("limit", 900)) * 1000);
  const crowd = new Crowd(opts, opts.concurrency);
  let chat: ChatWindow | undefined;
  const sender = new ChatSender(opts.rate, opts.tickMs, (at, roomSize) => chat?.sentLine(at, roomSize));
  sender.start();
  const lag = new LoopLag();
  let reportedErrors: Record<string, number> = {};
  let reportedSkips = 0;

  for await (const line of console) {
    if (!line.trim()) continue;
    const step = JSON.parse(line) as Step;
    phase("step-connecting", { lobbies: step.lobbies });
    const setupStart = performance.now();
    sender.add(await crowd.grow(step.lobbies));
    const setupSeconds = (performance.now() - setupStart) / 1000;
    await Bun.sleep(step.settle * 1000);

    const start = performance.now();
    chat = crowd.window = new ChatWindow(start, start + step.measure * 1000);
    lag.reset();
    phase("step-measure-start", { lobbies: step.lobbies });
    await Bun.sleep(step.measure * 1000);
    const lagMs = lag.take();
    phase("step-measure-end", { lobbies: step.lobbies });
    const graceEnd = performance.now() + step.grace * 1000;
    while (performance.now() < graceEnd && !chat.complete()) await Bun.sleep(50);

    const errorKinds: Record<string, number> = {};
    for (const [kind, n] of Object.entries(crowd.errorKinds)) if (n > (reportedErrors[kind] ?? 0)) errorKinds[kind] = n - (reportedErrors[kind] ?? 0);
    reportedErrors = { ...crowd.errorKinds };
    const report: StepReport = {
      lobbies: crowd.lobbiesOpened,
      clients: crowd.clients.length,
      connected: crowd.connected(),
      setupSeconds: round(setupSeconds, 1),
      ...chat.stats(),
      errors: Object.values(errorKinds).reduce((a, b) => a + b, 0),
      errorKinds,
      skippedSends: sender.skipped - reportedSkips,
      loopLagMs: lagMs,
    };
    reportedSkips = sender.skipped;
    process.stdout.write(`${JSON.stringify(report)}\n`);
  }
  clearTimeout(limit);
  sender.stop();
  lag.stop();
  crowd.close();
  // Give the closes a moment to go out, then leave regardless.
  setTimeout(() => process.exit(0), 300).unref?.();
}

if (import.meta.main) {
  main().catch((err) => {
    process.stderr.write(`ramp generator failed: ${(err as Error).stack ?? err}\n`);
    process.exit(1);
  });
}
