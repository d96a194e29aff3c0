// The realtime and capacity benches' child processes (servers under test, load generators): each is
// tracked from its start, and every one still running is killed when the bench exits.
import type { Subprocess } from "bun";

export { lines } from "../../scripts/lib/lines";

const ROOT = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");

const children = new Set<Subprocess>();
/** Kills every child still running; the orchestrator calls it on any exit. */
export function killChildren(): void {
  for (const child of children) child.kill("SIGKILL");
  children.clear();
}
process.on("exit", killChildren);

export function spawn(cmd: string[], env: Record<string, string>): Subprocess<"ignore", "pipe", "pipe">;
export function spawn(cmd: string[], env: Record<string, string>, stdin: "pipe"): Subprocess<"pipe", "pipe", "pipe">;
export function spawn(cmd: string[], env: Record<string, string>, stdin: "ignore" | "pipe" = "ignore"): Subprocess<"ignore" | "pipe", "pipe", "pipe"> {
  const child = Bun.spawn(cmd, { cwd: ROOT, env: { ...process.env, ...env }, stdin, stdout: "pipe", stderr: "pipe" });
  children.add(child);
  void child.exited.then(() => children.delete(child));
  return child;
}

export async function stopChild(child: Subprocess, graceMs = 3000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const exited = await Promise.race([child.exited.then(() => true), Bun.sleep(graceMs).then(() => false)]);
  if (!exited) {
    child.kill("SIGKILL");
    await child.exited;
  }
}
