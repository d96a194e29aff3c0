// A test run as a child process (a `bun test`, the typecheck, the ARM64 check), its output kept whole
// and its result counted the way CI reads it. A `bun test` counts its own "N pass" / "N fail" lines,
// and one that exited non-zero without saying it failed (it crashed, or found no test) counts as one
// failure, so it never looks green; any other command is one check, passed when it exits 0.
import { join } from "node:path";

const ROOT = join(import.meta.dir, "../..");

export interface TestRun {
  label: string;
  /** stdout then stderr, whole */
  out: string;
  code: number;
  passed: number;
  failed: number;
  seconds: number;
}

/** Counts a finished `bun test`'s output and exit code. */
export function countBunTest(out: string, code: number): { passed: number; failed: number } {
  const count = (word: string) => Number(out.match(new RegExp(`^\\s*(\\d+) ${word}$`, "m"))?.[1] ?? 0);
  const failed = count("fail");
  return { passed: count("pass"), failed: failed + (code !== 0 && failed === 0 ? 1 : 0) };
}

const countCheck = (_out: string, code: number) => (code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 });

/** How a child runs: `onOutput` sees the output as it comes (the soak shows its progress), else it is only kept; `env` is added to this process's. */
export interface ChildOptions {
  onOutput?: (text: string) => void;
  env?: Record<string, string>;
}

/** Runs `cmd` in the repository. */
async function runChild(label: string, cmd: string[], count: typeof countCheck, { onOutput, env }: ChildOptions = {}): Promise<TestRun> {
  const started = performance.now();
  const proc = Bun.spawn(cmd, { cwd: ROOT, stdin: "ignore", stdout: "pipe", stderr: "pipe", env: env ? { ...process.env, ...env } : undefined });
  const read = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    let text = "";
    for await (const chunk of stream) {
      const part = decoder.decode(chunk, { stream: true });
      onOutput?.(part);
      text += part;
    }
    return text;
  };
  const [stdout, stderr, code] = await Promise.all([read(proc.stdout), read(proc.stderr), proc.exited]);
  const out = stdout + stderr;
  return { label, out, code, ...count(out, code), seconds: (performance.now() - started) / 1000 };
}

/** `bun test ARGS`, counted by its tests. */
export const runBunTest = (label: string, args: string[], options?: ChildOptions) => runChild(label, [process.execPath, "test", ...args], countBunTest, options);

/** A command counted as one check. */
export const runCheck = (label: string, cmd: string[]) => runChild(label, cmd, countCheck);
