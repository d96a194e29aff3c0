// Pinning a child to one CPU with taskset (util-linux): the capacity bench gives the server under
// test one core and its load generator the other (docs/bench.md "Method").
import { runTool } from "./proc";

/** `cmd` run on `cpu` alone (its threads too), or as it is when no CPU is given. */
export function pinned(cpu: number | undefined, cmd: string[]): string[] {
  return cpu === undefined ? cmd : ["taskset", "-c", String(cpu), ...cmd];
}

/** Installs util-linux (for taskset) with apt when it is missing, as scripts/install-chromium.sh does Chromium. */
export async function ensureTaskset(): Promise<void> {
  if (Bun.which("taskset")) return;
  const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
  await runTool("apt-get update", [...sudo, "apt-get", "update", "-qq"], { timeoutMs: 240_000 });
  await runTool("apt-get install util-linux", [...sudo, "apt-get", "install", "-y", "-qq", "util-linux"], { env: { DEBIAN_FRONTEND: "noninteractive" }, timeoutMs: 240_000 });
  if (!Bun.which("taskset")) throw new Error("taskset is missing and util-linux did not provide it");
}
