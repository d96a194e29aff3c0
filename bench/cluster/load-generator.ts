// The cluster bench's load generator, its own process (docs/bench.md "The cluster"): lobbies played
// through HAProxy (bench/cluster/lobby-play.ts), and room chat from every player at a steady rate
// (bench/load/chat-sender.ts, one line per player every 20 s by default).
//   bun bench/cluster/load-generator.ts --url http://127.0.0.1:PORT --kind stealmate --routed 1
//     [--lobbies 2000] [--per-lobby 4] [--rate 0.05] [--concurrency 200] [--warmup 20] [--measure 60]
//     [--recover 30] [--limit 600]
// It seats every lobby, warms up, measures the steady window, then says so (phase "steady-done") and
// reads one line on stdin, {"killed": ["CODE", ...]}: the lobbies of the node about to be killed. From
// then on it counts those lobbies apart from the others for --recover seconds, writes one JSON line on
// stdout (a LoadReport) and ends. Phases go to stderr as JSON lines, for the orchestrator's sampling.
import { Stats } from "../../scripts/soak/stats";
import { argReader, loadArgs, phase } from "../load/args";
import { ChatSender } from "../load/chat-sender";
import { round, sentAtOf } from "../load/chat-window";
import { LoopLag } from "../../src/realtime/loop-lag";
import { LineBook, type LineFates } from "./line-fates";
import { LobbyPlay, type LobbyMeter } from "./lobby-play";
import type { Player } from "./player";
import { Tally, type TallyReport } from "./tally";

export interface LoadReport {
  lobbies: number;
  clients: number;
  /** lobbies that could not be seated, and why */
  setupFailed: number;
  setupSeconds: number;
  /** errors while seating and warming up */
  setup: TallyReport;
  /** the measured window, up to the kill */
  steady: TallyReport;
  /** how late the generator's own timers ran in the measured window */
  loopLagMs: { p99: number; max: number };
  /** sends skipped because the generator fell behind, in the measured window */
  skippedSends: number;
  /** after the kill: the killed node's lobbies, and the others */
  affected: TallyReport;
  others: TallyReport;
  affectedLobbies: number;
  affectedPlayers: number;
  /** affected players joined again when the window closed */
  resyncedPlayers: number;
  /** what became of the affected lobbies' chat lines after the kill */
  affectedLines: LineFates;
  recoverSeconds: number;
  restCalls: number;
}

const GRACE_MS = 3000;
/** The steady window's chat is also told in slices this long (docs/bench.md "The cluster"). */
export const SLICE_MS = 10_000;

async function main(): Promise<void> {
  const args = argReader(process.argv.slice(2));
  const opts = loadArgs(args);
  const wanted = Math.max(1, Math.floor(args.num("lobbies", 2000)));
  const [warmup, measure, recover] = [args.num("warmup", 20), args.num("measure", 60), args.num("recover", 30)];
  setTimeout(() => {
    phase("timeout");
    process.exit(2);
  }, args.num("limit", 600) * 1000).unref();

  const stats = new Stats();
  const setup = new Tally(0, 0);
  let current = { others: setup, affected: setup };
  const affected = new Set<number>();
  const group = (lobby: number) => (affected.has(lobby) ? current.affected : current.others);
  // Each line of the killed node's lobbies after the kill, and who heard it back.
  const book = new LineBook();
  const meter: LobbyMeter = {
    chat(to, message) {
      const sentAt = sentAtOf(message);
      if (!Number.isFinite(sentAt)) return group(to.lobby).error("unparseable-chat");
      group(to.lobby).received(sentAt);
      if (affected.has(to.lobby)) book.heard(sentAt, to, false);
    },
    late: (to, kind, ms) => (kind === "timeup" ? group(to.lobby).timeup : group(to.lobby).results).add(ms),
    lost(player, code) {
      const tally = group(player.lobby);
      tally.lostConnections++;
      if (!affected.has(player.lobby)) tally.error(`disconnected (${code ?? "no code"})`);
    },
    resynced(player, ms, chat) {
      group(player.lobby).toSnapshot.add(ms);
      if (affected.has(player.lobby)) for (const line of chat as { message?: unknown }[]) book.heard(sentAtOf(line?.message), player, true);
    },
    error: (lobby, kind) => group(lobby).error(kind),
  };

  phase("connecting", { lobbies: wanted });
  const started = performance.now();
  const lobbies: LobbyPlay[] = [];
  let next = 0;
  let setupFailed = 0;
  const worker = async () => {
    while (next < wanted) {
      const play = new LobbyPlay(next++, opts.url, opts.perLobby, meter, stats);
      try {
        await play.open();
        lobbies.push(play);
      } catch (err) {
        setupFailed++;
        setup.error(`setup: ${String((err as Error).message).split(":")[0]}`);
        play.close();
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.floor(opts.concurrency / opts.perLobby)) }, worker));
  const players = lobbies.flatMap((l) => l.players);
  const setupSeconds = round((performance.now() - started) / 1000, 1);
  phase("connected", { lobbies: lobbies.length, clients: players.length, setupFailed, setupSeconds });

  const sender = new ChatSender(opts.rate, opts.tickMs, (at, roomSize, from) => {
    const tally = group(from.lobby);
    tally.sentLine(at, roomSize);
    if (affected.has(from.lobby) && at < tally.chat.end) book.sent(at, roomSize, from as Player);
  });
  sender.add(players);
  sender.start();
  await Bun.sleep(warmup * 1000);

  const steadyStart = performance.now();
  const steady = new Tally(steadyStart, steadyStart + measure * 1000, SLICE_MS);
  current = { others: steady, affected: steady };
  const lag = new LoopLag();
  const skippedBefore = sender.skipped;
  phase("measure-start");
  await Bun.sleep(measure * 1000);
  const loopLagMs = lag.take();
  lag.stop();
  const skippedSends = sender.skipped - skippedBefore;
  phase("measure-end");
  const graceEnd = performance.now() + GRACE_MS;
  while (performance.now() < graceEnd && !steady.chat.complete()) await Bun.sleep(50);

  phase("steady-done");
  const input = console[Symbol.asyncIterator]();
  const line = await input.next();
  const killed = new Set<string>(line.done ? [] : ((JSON.parse(line.value) as { killed?: string[] }).killed ?? []));
  const steadyReport = steady.report();
  for (const play of lobbies) if (killed.has(play.code)) affected.add(play.index);
  const killStart = performance.now();
  current = { others: new Tally(killStart, killStart + recover * 1000), affected: new Tally(killStart, killStart + recover * 1000) };
  phase("kill-window", { affectedLobbies: affected.size });
  await Bun.sleep(recover * 1000);
  const graceKill = performance.now() + GRACE_MS;
  while (performance.now() < graceKill && !(current.others.chat.complete() && current.affected.chat.complete())) await Bun.sleep(50);

  const affectedPlayers = players.filter((p) => affected.has(p.lobby));
  const report: LoadReport = {
    lobbies: lobbies.length,
    clients: players.length,
    setupFailed,
    setupSeconds,
    setup: setup.report(),
    steady: steadyReport,
    loopLagMs,
    skippedSends,
    affected: current.affected.report(),
    others: current.others.report(),
    affectedLobbies: affected.size,
    affectedPlayers: affectedPlayers.length,
    resyncedPlayers: affectedPlayers.filter((p) => p.connected()).length,
    affectedLines: book.fates(),
    recoverSeconds: recover,
    restCalls: stats.restCalls,
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
  sender.stop();
  for (const play of lobbies) play.close();
  setTimeout(() => process.exit(0), 300).unref?.();
}

if (import.meta.main) {
  main().catch((err) => {
    process.stderr.write(`cluster load generator failed: ${(err as Error).stack ?? err}\n`);
    process.exit(1);
  });
}
