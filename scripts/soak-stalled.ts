// The stalled-reader reproduction at full length (docs/soak.md "Stalled readers"): the real
// server as a child process, 60 seated connections that never read and chat at their budget, for
// 60 s on each transport; exits 1 when the server's RSS rose by BOUND_MB or more.
//
//   bun run soak:stalled                 # 60 s a transport
//   bun run soak:stalled -- --seconds 20
import { parseArgs } from "node:util";
import { ServerProcess } from "./soak/server-process";
import { stalledReaderLoad } from "./soak/stalled-readers";
import type { LinkKind } from "../islands/client/link";

/** the bound the test holds too (tests/realtime/stalled-reader.test.ts) */
const BOUND_MB = 50;
const { values } = parseArgs({ options: { seconds: { type: "string", default: "60" } } });
const seconds = Math.min(600, Math.max(5, Number(values.seconds) || 60));

let failed = false;
for (const transport of ["websocket", "stream"] satisfies LinkKind[]) {
  const server = await ServerProcess.start();
  try {
    const rssMb = () => (server.sample()?.rssKb ?? 0) / 1024;
    const report = await stalledReaderLoad({ url: server.url, transport, lobbies: 4, seconds, rssMb });
    const closed = server.lines.filter((l) => l.includes("closed for not reading")).length;
    const grew = report.rssPeakMb - report.rssBeforeMb;
    console.log(`${transport}: ${report.stalled} stalled for ${seconds} s, ${report.chatLines} chat lines sent; RSS ${report.rssBeforeMb.toFixed(1)} MB before, ${report.rssPeakMb.toFixed(1)} MB at peak (+${grew.toFixed(1)}), ${report.rssEndMb.toFixed(1)} MB at the end; ${closed} closed for not reading`);
    if (grew >= BOUND_MB || closed < report.stalled) failed = true;
  } finally {
    await server.stop();
    server.cleanup();
  }
}
console.log(failed ? `FAIL: over +${BOUND_MB} MB, or not every stalled connection closed` : `ok: under +${BOUND_MB} MB, every stalled connection closed`);
process.exit(failed ? 1 : 0);
