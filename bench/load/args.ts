// The command line both generators share: where the clients go (loopback only), how many make a
// room, how fast they chat and how many connect at once.
import type { Kind, Target } from "./clients";

export interface ArgReader {
  get(name: string, fallback?: string): string;
  num(name: string, fallback: number): number;
}

export function argReader(argv: string[]): ArgReader {
  const get = (name: string, fallback?: string): string => {
    const i = argv.indexOf(`--${name}`);
    const value = i >= 0 ? argv[i + 1] : fallback;
    if (value === undefined) throw new Error(`missing --${name}`);
    return value;
  };
  const num = (name: string, fallback: number) => {
    const n = Number(get(name, String(fallback)));
    if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a number >= 0`);
    return n;
  };
  return { get, num };
}

export interface LoadArgs extends Target {
  rate: number;
  concurrency: number;
  tickMs: number;
}

/** --url --kind [--per-lobby 8] [--rate 1] [--concurrency 40] [--tick-ms 1] [--routed 1] */
export function loadArgs({ get, num }: ArgReader): LoadArgs {
  const url = get("url");
  const host = new URL(url).hostname;
  if (host !== "127.0.0.1" && host !== "localhost" && host !== "::1") throw new Error(`loopback only, not ${host}`);
  const kind = get("kind") as Kind;
  if (!["stealmate", "node-socketio", "bun-socketio", "bun-raw"].includes(kind)) throw new Error(`unknown --kind ${kind}`);
  return {
    url: url.replace(/\/$/, ""),
    kind,
    perLobby: Math.min(16, Math.max(1, Math.floor(num("per-lobby", 8)))),
    rate: Math.min(20, num("rate", 1)),
    concurrency: Math.max(1, Math.floor(num("concurrency", 40))),
    tickMs: Math.min(50, Math.max(1, num("tick-ms", 1))),
    routed: num("routed", 0) > 0,
  };
}

export const phase = (name: string, extra: Record<string, unknown> = {}) => process.stderr.write(`${JSON.stringify({ phase: name, at: Date.now(), ...extra })}\n`);
