// The REST side of the hostile suite: lobbies seated in a chosen phase, raw requests, and the
// before/after snapshot a refusal must leave untouched.
import { expect } from "bun:test";
import type { TestApp } from "../support/app";
import { type Four, type Seat, seatFour, startGame, startRound, submit, waitForPhase } from "../support/rest";

export type Phase = "lobby" | "question" | "results";

export interface Fixture {
  phase: Phase;
  code: string;
  four: Four;
  /** host first, then blue member, red captain, red member */
  seats: Seat[];
}

/** A lobby of four with captains chosen, taken to `phase` (a 3-round game for the game phases). */
export async function seat(app: TestApp, phase: Phase): Promise<Fixture> {
  const four = await seatFour(app);
  const seats = [four.blue1, four.blue2, four.red1, four.red2];
  if (phase !== "lobby") {
    await startGame(app, four.blue1, 3, 120);
    await startRound(app, four.blue1);
  }
  if (phase === "results") {
    await submit(app, four.blue1, 1, "Okapi-1-correct");
    await submit(app, four.red1, 1, "a wrong guess");
    await waitForPhase(app, four.code, "results");
  }
  return { phase, code: four.code, four, seats };
}

/** Keeps one lobby per phase, seating a new one whenever a request was accepted (and so may have changed it). */
export class Fixtures {
  private readonly live = new Map<Phase, Fixture>();
  constructor(private readonly app: TestApp) {}

  async get(phase: Phase): Promise<Fixture> {
    const have = this.live.get(phase);
    if (have && this.app.service.get(have.code)) return have;
    const fresh = await seat(this.app, phase);
    this.live.set(phase, fresh);
    return fresh;
  }

  spoil(phase: Phase): void {
    this.live.delete(phase);
  }
}

export type Body = { kind: "json"; value: unknown } | { kind: "text"; text: string } | { kind: "bytes"; bytes: Uint8Array<ArrayBuffer> } | { kind: "none" };

export interface Answer {
  status: number;
  text: string;
  json: any;
  contentType: string;
}

export async function send(app: TestApp, method: string, path: string, opts: { auth?: string; body?: Body; contentType?: string | null; headers?: Record<string, string> } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.contentType !== null) headers["content-type"] = opts.contentType ?? "application/json";
  if (opts.auth !== undefined) headers.authorization = opts.auth;
  const b = opts.body ?? { kind: "none" };
  const body = b.kind === "json" ? JSON.stringify(b.value) : b.kind === "text" ? b.text : b.kind === "bytes" ? b.bytes : undefined;
  const res = await fetch(app.url + path, { method, headers, body });
  const text = await res.text();
  let json: any = undefined;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, text, json, contentType: res.headers.get("content-type") ?? "" };
}

export const REFUSALS = [400, 401, 403, 404, 409, 413, 429];

/** Each bad row of a refused batch of questions: its number from 1 and why. */
const rowErrors = (errors: unknown) => Array.isArray(errors) && errors.length > 0 && errors.every((e) => Number.isInteger(e?.row) && e.row >= 1 && typeof e.message === "string" && e.message.length > 0);

/** A refusal in the contract's shape: a 4xx with exactly `{ success: false, message }` (a refused batch of questions, 400, adds `errors`). */
export function expectRefusal(res: Answer, context: unknown): void {
  const listed = res.status === 400 && rowErrors(res.json?.errors);
  const keys = Object.keys(res.json ?? {}).filter((k) => !(listed && k === "errors"));
  const shape = { status: REFUSALS.includes(res.status), keys: keys.sort(), success: res.json?.success, message: typeof res.json?.message === "string" && res.json.message.length > 0, json: res.contentType.includes("application/json") };
  expect({ context, res: res.status, shape }).toEqual({ context, res: res.status, shape: { status: true, keys: ["message", "success"], success: false, message: true, json: true } });
}

export interface Snapshot {
  view: unknown;
  state: unknown;
  lobbies: number;
}

/** The lobby as GET /api/lobby/:code answers it, and as the service holds it; the GET also proves the server is up. */
export async function snapshot(app: TestApp, code: string): Promise<Snapshot> {
  const res = await fetch(`${app.url}/api/lobby/${code}`);
  expect(res.status).toBe(200);
  const view = ((await res.json()) as any).data;
  return { view, state: structuredClone(app.service.get(code)), lobbies: app.service.size };
}

/** Sends, then checks: never a 5xx; a refusal has the contract's shape and changed nothing. Returns whether it was accepted. */
export async function refusedOrAccepted(app: TestApp, code: string, context: unknown, act: () => Promise<Answer>): Promise<boolean> {
  const before = await snapshot(app, code);
  const res = await act();
  expect({ context, status: res.status, fivexx: res.status >= 500 }).toEqual({ context, status: res.status, fivexx: false });
  if (res.status === 200) {
    expect({ context, success: res.json?.success }).toEqual({ context, success: true });
    return true;
  }
  expectRefusal(res, context);
  expect({ context, after: await snapshot(app, code) }).toEqual({ context, after: before });
  return false;
}
