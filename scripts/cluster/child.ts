// One process of a local cluster (Redis, a node, HAProxy): started, and started again, with the
// same command and environment; its output passed on line by line behind its name; signalled the
// ways the failover tests need (kill -9, pause, continue, terminate); ready once its probe says so.
import type { Subprocess } from "bun";
import { lines } from "../lib/lines";

const ROOT = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");

/** Where a child's lines go, each already prefixed with the child's name. */
export type Log = (line: string) => void;

export const toStderr: Log = (line) => void process.stderr.write(`${line}\n`);

/** A probe is asked this often until it answers true. */
const PROBE_EVERY_MS = 100;
/** Lines of a child's output kept for the message of a failed start. */
const TAIL_LINES = 20;

// Every child still running when this process exits is killed, so a test that fails or a launcher
// that crashes leaves no server behind.
const running = new Set<Subprocess>();
process.on("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

export interface ChildSpec {
  command: string[];
  /** added to this process's environment; an undefined value removes the variable */
  env?: Record<string, string | undefined>;
  /** true once the child serves (answers PING, /healthz ...) */
  ready: () => Promise<boolean>;
  log: Log;
}

export class Child {
  private proc: Subprocess<"ignore", "pipe", "pipe"> | null = null;
  private readonly tail: string[] = [];

  constructor(
    readonly name: string,
    private readonly spec: ChildSpec,
  ) {}

  get pid(): number {
    if (!this.proc) throw new Error(`${this.name} was never started`);
    return this.proc.pid;
  }

  get running(): boolean {
    return this.proc !== null && this.proc.exitCode === null && this.proc.signalCode === null;
  }

  /** Starts the child and resolves once its probe answers; rejects if it exits first or takes longer than `ms`. */
  async start(ms: number): Promise<void> {
    if (this.running) throw new Error(`${this.name} is already running`);
    const env: Record<string, string | undefined> = { ...process.env, ...this.spec.env };
    // Its own session: a Ctrl-C in the terminal reaches the launcher alone, which then stops the
    // children in order (nodes, HAProxy, Redis) instead of all of them at once.
    const proc = Bun.spawn(this.spec.command, { cwd: ROOT, env: Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined)), stdin: "ignore", stdout: "pipe", stderr: "pipe", detached: true });
    this.proc = proc;
    running.add(proc);
    const say = (line: string) => {
      this.tail.push(line);
      if (this.tail.length > TAIL_LINES) this.tail.shift();
      this.spec.log(`${this.name}: ${line}`);
    };
    void lines(proc.stdout, say);
    void lines(proc.stderr, say);
    void proc.exited.then(() => {
      running.delete(proc);
      this.spec.log(`${this.name}: ${this.ended(proc)}`);
    });

    const deadline = Date.now() + ms;
    while (!(await this.spec.ready())) {
      if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`${this.name} ${this.ended(proc)} while starting; its last lines:\n${this.tail.join("\n")}`);
      if (Date.now() > deadline) throw new Error(`${this.name} was not ready within ${ms} ms; its last lines:\n${this.tail.join("\n")}`);
      await Bun.sleep(PROBE_EVERY_MS);
    }
  }

  private ended(proc: Subprocess): string {
    return proc.signalCode ? `was killed by ${proc.signalCode}` : `exited with code ${proc.exitCode}`;
  }

  signal(signal: NodeJS.Signals): void {
    if (this.running) this.proc!.kill(signal);
  }

  /** kill -9: gone at once, nothing saved or said; resolves once it has exited. */
  async kill9(): Promise<void> {
    this.signal("SIGKILL");
    await this.proc?.exited;
  }

  /** SIGSTOP: still there, its sockets open, answering nothing (a machine that hangs). */
  pause(): void {
    this.signal("SIGSTOP");
  }

  resume(): void {
    this.signal("SIGCONT");
  }

  /** SIGTERM, as systemd stops a service; resolves with its exit code once it has exited. */
  async terminate(): Promise<number | null> {
    if (!this.proc) return null;
    this.signal("SIGTERM");
    // A paused process keeps the signal pending until it runs again.
    this.signal("SIGCONT");
    return this.proc.exited;
  }

  /** SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
  async stop(graceMs = 5000): Promise<void> {
    const proc = this.proc;
    if (!proc || !this.running) return;
    const exited = await Promise.race([this.terminate().then(() => true), Bun.sleep(graceMs).then(() => false)]);
    if (!exited) {
      proc.kill("SIGKILL");
      await proc.exited;
    }
  }

  /** Stops it if it runs, then starts it again with the same command and environment. */
  async restart(ms: number): Promise<void> {
    await this.stop();
    await this.start(ms);
  }
}
