// Shared steps of the HTTP API tests: seating players, reading the lobby, and checking that a
// refusal has the contract's shape and leaves the lobby exactly as it was.
import { expect } from "bun:test";
import type { AnswerJudge, QuestionSource } from "../../src/lobbies/seams";
import type { Question } from "../../src/game/types";
import { call } from "../support/app";

export type Res = Awaited<ReturnType<typeof call>>;
type Target = { url: string };

export interface Seat {
  token: string;
  id: string;
  name: string;
}

/** The claims of a token, read without checking it (the test only wants to know who it names). */
export function claimsOf(token: string): Record<string, unknown> {
  const part = token.split(".")[1];
  if (!part) throw new Error(`not a JWT: ${token}`);
  return JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as Record<string, unknown>;
}

export async function createLobby(app: Target, name = "Hana"): Promise<Seat & { code: string }> {
  const res = await call(app, "POST", "/api/lobby/create", { body: { playerName: name } });
  expect(res.status).toBe(200);
  expect(res.body.success).toBe(true);
  return { token: res.body.token, id: claimsOf(res.body.token).sub as string, name, code: res.body.lobby.code };
}

export async function joinLobby(app: Target, code: string, name: string): Promise<Seat> {
  const res = await call(app, "POST", "/api/lobby/join", { body: { playerName: name, code } });
  expect(res.status).toBe(200);
  expect(res.body.success).toBe(true);
  return { token: res.body.token, id: claimsOf(res.body.token).sub as string, name };
}

/** A host and the named players, joined in order (so they alternate red, blue, red, ...). */
export async function party(app: Target, ...names: string[]): Promise<{ code: string; host: Seat & { code: string }; players: Seat[] }> {
  const host = await createLobby(app);
  const players: Seat[] = [];
  for (const name of names) players.push(await joinLobby(app, host.code, name));
  return { code: host.code, host, players };
}

/** The lobby as an unauthenticated GET sees it. */
export async function lobbyData(app: Target, code: string): Promise<any> {
  const res = await call(app, "GET", `/api/lobby/${code}`);
  expect(res.status).toBe(200);
  expect(res.body.success).toBe(true);
  return res.body.data;
}

/** A failure exactly as DESIGN.md section 4 words it: `{ success: false, message }`. */
export function expectFailure(res: Res, status: number): void {
  expect({ status: res.status, body: res.body }).toEqual({ status, body: { success: false, message: expect.any(String) } });
  expect((res.body.message as string).length).toBeGreaterThan(0);
}

/** Runs a call that must be refused with `status` and checks that the lobby did not change. */
export async function refused(app: Target, code: string, status: number, act: () => Promise<Res>): Promise<Res> {
  const before = await lobbyData(app, code);
  const res = await act();
  expectFailure(res, status);
  expect(await lobbyData(app, code)).toEqual(before);
  return res;
}

export async function teamSelect(app: Target, seat: Seat, team: "blue" | "red", isCaptain = false): Promise<Res> {
  const res = await call(app, "POST", "/api/lobby/teamSelect", { token: seat.token, body: { team, isCaptain } });
  expect(res.status).toBe(200);
  return res;
}

/** Polls the lobby until its game reaches `phase`: judging is async, though no round timer is waited on. */
export async function waitForPhase(app: Target, code: string, phase: string): Promise<any> {
  let data: any;
  for (let tries = 0; tries < 100; tries++) {
    data = await lobbyData(app, code);
    if (data.gameState?.phase === phase) return data;
    await Bun.sleep(5);
  }
  throw new Error(`phase stayed ${data?.gameState?.phase}, wanted ${phase}`);
}

export const QUESTIONS: Question[] = [
  { question: "What is the capital of Australia?", answer: "Canberra", aliases: [], category: "General" },
  { question: "Which planet is called the Red Planet?", answer: "Mars", aliases: [], category: "General" },
  { question: "How many legs does a spider have?", answer: "Eight", aliases: ["8"], category: "General" },
];

/** Questions in a fixed order, and a judge that accepts exactly the answer, ignoring case. */
export const fixedQuestions: QuestionSource = { pick: async ({ count }) => QUESTIONS.slice(0, count) };
export const exactJudge: AnswerJudge = { judge: async (q, given) => given.trim().toLowerCase() === q.answer.toLowerCase() };
