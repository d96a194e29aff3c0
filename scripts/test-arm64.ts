// The server on ARM64 (a Raspberry Pi with a 64-bit OS), checked on this machine: the ARM64 build of
// the installed Bun version (npm's @oven/bun-linux-aarch64), run under qemu-aarch64-static with
// Debian's ARM64 C and C++ libraries as its root, with a fresh DATA_DIR. Over REST it creates and joins
// a lobby, over /ws both players join, and one round is played to its results. Prints the start-up
// time; exits 0 only if all of it worked. What it needs is installed on first use: Debian packages
// (as root) and the Bun build, into a cache folder, never into package.json.
//   bun run test:arm64
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { WS_PATH } from "../src/shared/wire";
import { frameSocket } from "./lib/frame-socket";
import { within as waitWithin } from "./lib/waiting";
import { loadManifest } from "../src/pages/build";

const ROOT = join(import.meta.dir, "..");
const SYSROOT = "/usr/aarch64-linux-gnu";
const APT_PACKAGES = ["qemu-user-static", "libc6-arm64-cross", "libstdc++6-arm64-cross"];
/** Emulated, start-up takes seconds where it takes a fraction of one natively. */
const START_TIMEOUT_MS = 90_000;
const STEP_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 15_000;

function fail(message: string, log?: string): never {
  console.error(`arm64: FAILED: ${message}`);
  if (log) console.error(`--- server output ---\n${log.trimEnd()}\n---`);
  process.exit(1);
}

function sh(cmd: string[], what: string): string {
  const res = spawnSync(cmd[0]!, cmd.slice(1), { encoding: "utf8", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  if (res.status !== 0) fail(`${what} (${cmd.join(" ")}) exited ${res.status ?? res.signal}:\n${res.stderr || res.stdout}`);
  return res.stdout;
}

/** qemu and the ARM64 libraries, from Debian. */
function debianPackages(): string {
  const qemu = spawnSync("sh", ["-c", "command -v qemu-aarch64-static"], { encoding: "utf8" }).stdout.trim();
  if (qemu && existsSync(join(SYSROOT, "lib/ld-linux-aarch64.so.1")) && existsSync(join(SYSROOT, "lib/libstdc++.so.6"))) return qemu;
  if (process.getuid?.() !== 0) fail(`missing Debian packages; install them as root: apt-get install ${APT_PACKAGES.join(" ")}`);
  console.log(`arm64: installing ${APT_PACKAGES.join(", ")}`);
  sh(["apt-get", "update", "-qq"], "apt-get update");
  sh(["apt-get", "install", "-y", "-qq", ...APT_PACKAGES], "apt-get install");
  return spawnSync("sh", ["-c", "command -v qemu-aarch64-static"], { encoding: "utf8" }).stdout.trim() || fail("qemu-aarch64-static not found after installing");
}

/** The ARM64 build of the Bun running this script, unpacked once into a cache folder. */
function armBun(): string {
  const cache = join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "stealmate", `bun-linux-aarch64-${Bun.version}`);
  const bin = join(cache, "package/bin/bun");
  if (existsSync(bin)) return bin;
  mkdirSync(cache, { recursive: true });
  console.log(`arm64: fetching @oven/bun-linux-aarch64@${Bun.version} into ${cache}`);
  const tarball = sh(["npm", "pack", "--silent", `@oven/bun-linux-aarch64@${Bun.version}`, "--pack-destination", cache], "npm pack").trim().split("\n").pop()!;
  sh(["tar", "-xzf", join(cache, tarball), "-C", cache], "unpacking the ARM64 Bun");
  rmSync(join(cache, tarball), { force: true });
  if (!existsSync(bin)) fail(`the package has no ${bin}`);
  return bin;
}

/** Rejects after `ms` with what was awaited. */
const within = <T,>(promise: Promise<T>, what: string, ms = STEP_TIMEOUT_MS): Promise<T> => waitWithin(promise, what, ms);

const qemu = debianPackages();
const bun = armBun();
const version = sh([qemu, "-L", SYSROOT, bun, "--version"], "the ARM64 Bun").trim();
const arch = sh([qemu, "-L", SYSROOT, bun, "-e", "console.log(process.arch)"], "the ARM64 Bun").trim();
if (arch !== "arm64") fail(`the emulated Bun reports ${arch}, not arm64`);
console.log(`arm64: Bun ${version} (${arch}) under ${qemu}`);

// The island bundles are built here (natively) when stale, as a deploy would have them, so start-up
// measures the server. Not rebuilt when current: the test suite's other runs serve them meanwhile.
await loadManifest();
const dataDir = mkdtempSync(join(tmpdir(), "stealmate-arm64-"));
const env: Record<string, string> = {};
for (const [key, value] of Object.entries(process.env)) if (value !== undefined && !key.startsWith("ANTHROPIC_") && key !== "JWT_SECRET") env[key] = value;
Object.assign(env, { HOST: "127.0.0.1", PORT: "0", DATA_DIR: dataDir, NODE_ENV: "production" });
const started = performance.now();
const server = Bun.spawn([qemu, "-L", SYSROOT, bun, "run", "src/server.ts"], { cwd: ROOT, env, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
let log = "";
let heard: () => void = () => {};
for (const stream of [server.stdout, server.stderr]) {
  void (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      log += decoder.decode(chunk, { stream: true });
      heard();
    }
  })();
}

try {
  const port = await within(
    new Promise<number>((resolve, reject) => {
      heard = () => {
        const m = log.match(/listening on http:\/\/127\.0\.0\.1:(\d+)/);
        if (m) resolve(Number(m[1]));
      };
      void server.exited.then((code) => reject(new Error(`the server exited with ${code} before listening`)));
    }),
    "listening line",
    START_TIMEOUT_MS,
  );
  const startupMs = Math.round(performance.now() - started);
  const base = `http://127.0.0.1:${port}`;
  console.log(`arm64: server listening after ${startupMs} ms (emulated)`);

  const rest = async (path: string, body: unknown, token?: string) => {
    const res = await within(fetch(base + path, { method: "POST", headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) }), `answer to ${path}`);
    const json = (await res.json()) as any;
    if (res.status !== 200 || json.success !== true) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
    return json;
  };
  const host = await rest("/api/lobby/create", { playerName: "Pi Host" });
  const code: string = host.lobby.code;
  const guest = await rest("/api/lobby/join", { playerName: "Pi Guest", code });
  console.log(`arm64: lobby ${code} created and joined over REST`);

  const connect = (token: string) => frameSocket(base.replace("http", "ws") + WS_PATH, token, { headers: { origin: base } }, "/ws", STEP_TIMEOUT_MS);
  const players = [connect(host.token), connect(guest.token)];
  await Promise.all(players.map((p) => p.opened));
  await Promise.all(players.map((p) => p.next("lobby-updated", (l) => l.updateType === "snapshot")));
  console.log("arm64: both players joined over /ws");

  await rest("/api/lobby/updateSettings", { settings: { rounds: 1, roundLimit: 15 } }, host.token);
  await rest("/api/lobby/start", {}, host.token);
  const roundStart = performance.now();
  await rest("/api/lobby/startRound", {}, host.token);
  const round = await players[1]!.next("round-started");
  await rest("/api/lobby/submitAnswer", { roundNumber: 1, answer: "a guess from the Pi", isSteal: false }, host.token);
  await rest("/api/lobby/submitAnswer", { roundNumber: 1, answer: "", isSteal: true }, guest.token);
  const results = await Promise.all(players.map((p) => p.next("round-results")));
  if (!results.every((r) => r.gameComplete === true && r.round.number === 1)) throw new Error(`unexpected results: ${JSON.stringify(results[0])}`);
  const roundMs = Math.round(performance.now() - roundStart);
  console.log(`arm64: round 1 ("${round.game.currentRound.question}") played to its results in ${roundMs} ms; scores ${JSON.stringify(results[0].scores)}`);
  for (const p of players) p.ws.close();

  server.kill("SIGTERM");
  const code0 = await within(server.exited, "exit after SIGTERM", STOP_TIMEOUT_MS);
  if (code0 !== 0) throw new Error(`the server exited with ${code0} on SIGTERM`);
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`ARM64_RESULT ${JSON.stringify({ bun: version, startupMs, roundMs })}`);
  console.log(`arm64: passed (start-up ${startupMs} ms, round ${roundMs} ms, emulated)`);
} catch (err) {
  server.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
  fail(err instanceof Error ? err.message : String(err), log);
}
