// The load generator, its own process (bench/run.ts spawns it; it can also run by hand):
//   bun bench/load/generator.ts --url http://127.0.0.1:3000 --kind stealmate --lobbies 250
//     [--per-lobby 8] [--rate 1] [--warmup 5] [--measure 20] [--limit 120] [--tick-ms 1]
// N rooms of `per-lobby` real clients each (the kinds of client: clients.ts). Every client sends
// room chat at `rate` messages a second; each message carries its send time, and every client that
// receives it records receive time - send time (fan-out: one message, `per-lobby` samples;
// chat-window.ts). Progress goes to stderr as JSON lines {"phase":...} so the orchestrator can
// sample the server at the right moments; the report is one JSON object on stdout. Loopback only,
// and the whole run is bounded by --limit seconds: past it the process reports what it has and exits.
import { argReader, loadArgs, phase } from "./args";
import { ChatSender } from "./chat-sender";
import { ChatWindow, round, type WindowStats } from "./chat-window";
import type { Kind } from "./clients";
import { Crowd } from "./crowd";

export interface GeneratorReport extends WindowStats {
  kind: Kind;
  lobbies: number;
  perLobby: number;
  clients: number;
  connected: number;
  ratePerClient: number;
  measureSeconds: number;
  /** sends skipped because the generator itself fell more than half a second behind */
  skippedSends: number;
  errors: number;
  errorKinds: Record<string, number>;
  setupSeconds: number;
  timedOut: boolean;
}

function parseArgs(argv: string[]) {
  const args = argReader(argv);
  return {
    ...loadArgs(args),
    lobbies: Math.min(2000, Math.max(1, Math.floor(args.num("lobbies", 250)))),
    warmup: args.num("warmup", 5),
    measure: Math.max(1, args.num("measure", 20)),
    limit: Math.max(5, args.num("limit", 120)),
  };
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const started = performance.now();
  const crowd = new Crowd(opts, opts.concurrency);
  // No window until the sending starts: receptions before it count toward nothing.
  let chat = new ChatWindow(Infinity, Infinity);
  const sender = new ChatSender(opts.rate, opts.tickMs, (at, roomSize) => chat.sentLine(at, roomSize));
  let timedOut = false;
  let setupSeconds = NaN;

  const report = (): GeneratorReport => ({
    kind: opts.kind,
    lobbies: opts.lobbies,
    perLobby: opts.perLobby,
    clients: opts.lobbies * opts.perLobby,
    connected: crowd.connected(),
    ratePerClient: opts.rate,
    measureSeconds: opts.measure,
    ...chat.stats(),
    skippedSends: sender.skipped,
    errors: crowd.errors(),
    errorKinds: crowd.errorKinds,
    setupSeconds: round(setupSeconds, 1),
    timedOut,
  });
  const finish = (code: number) => {
    sender.stop();
    process.stdout.write(`${JSON.stringify(report())}\n`);
    crowd.close();
    // Give the closes a moment to go out, then leave regardless.
    setTimeout(() => process.exit(code), 300).unref?.();
  };
  const hardLimit = setTimeout(() => {
    timedOut = true;
    crowd.sink.error("hard-time-limit");
    phase("timeout");
    finish(2);
  }, opts.limit * 1000);

  phase("connecting", { clients: opts.lobbies * opts.perLobby });
  // A tenth of the way in, connecting pauses and the server settles (as before "warmup"), then the
  // orchestrator samples it: RSS from there to "warmup" is what each further player costs, without
  // the one-off costs of the first connections.
  let tenth: Promise<void> | undefined;
  const settleTenth = async () => {
    await Bun.sleep(1000);
    phase("connected-tenth", { connected: crowd.clients.length });
    await Bun.sleep(300);
  };
  await crowd.grow(opts.lobbies, {
    stop: () => timedOut,
    beforeLobby: () => {
      if (!tenth && crowd.clients.length * 10 >= opts.lobbies * opts.perLobby) tenth = settleTenth();
      return tenth;
    },
  });
  if (timedOut) return;
  setupSeconds = (performance.now() - started) / 1000;
  phase("connected", { connected: crowd.clients.length, setupSeconds: round(setupSeconds, 1) });
  // Let join broadcasts settle before anyone chats.
  await Bun.sleep(1000);

  sender.add(crowd.clients);
  const sendStart = performance.now();
  chat = crowd.window = new ChatWindow(sendStart + opts.warmup * 1000, sendStart + (opts.warmup + opts.measure) * 1000);
  phase("warmup");
  sender.start();
  await Bun.sleep(Math.max(0, chat.start - performance.now()));
  phase("measure-start");
  await Bun.sleep(Math.max(0, chat.end - performance.now()));
  phase("measure-end");
  sender.stop();
  // Grace: stragglers of the window may still arrive; stop early once all have.
  const graceEnd = performance.now() + 3000;
  while (performance.now() < graceEnd && !chat.complete()) await Bun.sleep(50);
  clearTimeout(hardLimit);
  phase("done");
  finish(0);
}

if (import.meta.main) {
  main().catch((err) => {
    process.stderr.write(`generator failed: ${(err as Error).stack ?? err}\n`);
    process.exit(1);
  });
}
