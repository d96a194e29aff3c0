// `BENCH_ONLY=stalled bun run bench`: the server's resident memory under readers that stop reading,
// beside the same load read as a party reads it (docs/bench.md "Stalled readers"). Four full lobbies,
// 60 seated players each chatting at their budget (20 lines a second of the widest text): once on
// WebSockets that read everything, then with every connection stalled (a 2 KB receive window that
// is never read) over WebSockets and over the fallback. Each load runs on a fresh server process.
import { ServerProcess } from "../scripts/soak/server-process";
import { stalledReaderLoad, type StalledLoad } from "../scripts/soak/stalled-readers";
import type { BenchSection } from "./section";

/** what a stalled load may add to the server (the bound of tests/realtime/stalled-reader.test.ts) */
const BOUND_MB = 50;
const seconds = Math.max(5, Number(process.env.STALLED_MEASURE_S) || 30);

const LOADS: { name: string; transport: StalledLoad["transport"] }[] = [
  { name: "normal: every player reads (WebSocket)", transport: "reading" },
  { name: "stalled readers, WebSocket", transport: "websocket" },
  { name: "stalled readers, fallback (server-sent events)", transport: "stream" },
];

export async function runStalledBench(): Promise<BenchSection> {
  const rows: BenchSection["rows"] = [];
  const ratios: BenchSection["ratios"] = [];
  for (const { name, transport } of LOADS) {
    const server = await ServerProcess.start();
    try {
      const rssMb = () => (server.sample()?.rssKb ?? 0) / 1024;
      const report = await stalledReaderLoad({ url: server.url, transport, lobbies: 4, seconds, rssMb });
      const grew = Math.round((report.rssPeakMb - report.rssBeforeMb) * 10) / 10;
      const closed = server.lines.filter((l) => l.includes("closed for not reading")).length;
      rows.push({ load: name, players: report.stalled, "lines sent": report.chatLines, seconds, "RSS before, MB": Math.round(report.rssBeforeMb * 10) / 10, "RSS peak, MB": Math.round(report.rssPeakMb * 10) / 10, "growth, MB": grew, "RSS after, MB": Math.round(report.rssEndMb * 10) / 10, "closed for not reading": closed });
      if (transport !== "reading") ratios.push({ name: `server RSS growth under 60 stalled readers for ${seconds} s, ${transport === "stream" ? "fallback" : "WebSocket"}, MB`, value: grew, target: `<= ${BOUND_MB}`, met: grew <= BOUND_MB });
    } finally {
      await server.stop();
      server.cleanup();
    }
  }
  return { title: "Server memory under stalled readers, beside the normal load", rows, ratios };
}
