// The one set of REST steps every test uses to set a game up: seating players, a party and its
// captains, starting, submitting, reading the lobby, and checking that a refusal has the contract's
// shape (docs/) and leaves the lobby exactly as it was. Also the fixed questions and the exact judge
// the test apps serve.
import { expect } from "bun:test";
import type { Question, Team } from "../../src/game/types";
import type { AnswerJudge, QuestionSource } from "../../src/lobbies/seams";
import { lobbyQuery } from "../../src/shared/lobby-query";
import { call } from "./app";

export type Res = Awaited<ReturnType<typeof call>>;
type Target = { url: string };

export interface Seat {
  id: string;
  name: string;
  token: string;
}

/** The claims of a token, read without checking it (the test only wants to know who it names). */
export function claimsOf(token: string): Record<string, unknown> {
  const part = token.split(".")[1];
  if (!part) throw new Error(`not a JWT: ${token}`);
  return JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as Record<string, unknown>;
}

/** A REST call that must succeed; returns its body. */
export async function ok(app: Target, path: string, token?: string, body?: unknown): Promise<any> {
  const res = await call(app, "POST", path, { token, body: body ?? {} });
  if (res.status !== 200 || res.body?.success !== true) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Everyone seated in a lobby view: the teams and the quizmaster, or a Duel's or Tournament's `players` (its teams are empty). */
const everyoneIn = (lobby: any): { id: string; connected: boolean }[] => [...lobby.blueTeam, ...lobby.redTeam, ...(lobby.quizmaster ? [lobby.quizmaster] : []), ...(lobby.players ?? [])];

/** The seat a create or join answered with: the token's player, who must be in the lobby it returned. */
function seatOf(body: any, name: string): Seat {
  const id = claimsOf(body.token).sub as string;
  expect(everyoneIn(body.lobby).map((p) => p.id)).toContain(id);
  return { id, name, token: body.token };
}

export async function createLobby(app: Target, name = "Hana", mode?: string): Promise<Seat & { code: string }> {
  const body = await ok(app, "/api/lobby/create", undefined, { playerName: name, ...(mode && { mode }) });
  return { ...seatOf(body, name), code: body.lobby.code };
}

/** `routed`: the call names its lobby in the address too (?lobby=CODE), as the page's does, for a proxy's routing. */
export async function joinLobby(app: Target, code: string, name: string, { routed = false } = {}): Promise<Seat> {
  return seatOf(await ok(app, `/api/lobby/join${routed ? lobbyQuery(code) : ""}`, undefined, { playerName: name, code }), name);
}

/** A host (Hana) and the named players, joined in order (so they alternate red, blue, red, ...). */
export async function party(app: Target, ...names: string[]): Promise<{ code: string; host: Seat & { code: string }; players: Seat[] }> {
  const host = await createLobby(app);
  const players: Seat[] = [];
  for (const name of names) players.push(await joinLobby(app, host.code, name));
  return { code: host.code, host, players };
}

/** Moves a player (and makes them captain when asked); must succeed; returns the answer's body. */
export const teamSelect = (app: Target, seat: Seat, team: Team, isCaptain = false): Promise<any> => ok(app, "/api/lobby/teamSelect", seat.token, { team, isCaptain });

export const startRound = (app: Target, host: Seat): Promise<{ roundNumber: number; endsAt: number }> => ok(app, "/api/lobby/startRound", host.token, {});

export const submit = (app: Target, seat: Seat, roundNumber: number, answer: string, isSteal = false) =>
  ok(app, "/api/lobby/submitAnswer", seat.token, { roundNumber, answer, isSteal });

export interface Four {
  code: string;
  /** host, blue captain */
  blue1: Seat;
  /** blue member */
  blue2: Seat;
  /** red captain */
  red1: Seat;
  /** red member */
  red2: Seat;
}

/**
 * Host Hana (blue) creates; Ravi, Bo and Rue join and are seated red, blue, red by the smaller-team
 * rule; Hana captains blue and Ravi red, each the first on their team.
 */
export async function seatFour(app: Target): Promise<Four> {
  const { code, host: blue1, players } = await party(app, "Ravi", "Bo", "Rue");
  const [red1, blue2, red2] = players as [Seat, Seat, Seat];
  return { code, blue1, blue2, red1, red2 };
}

/** Sets the round count and limit, then starts the game. */
export async function startGame(app: Target, host: Seat, rounds: number, roundLimit = 30): Promise<void> {
  await ok(app, "/api/lobby/updateSettings", host.token, { settings: { rounds, roundLimit } });
  await ok(app, "/api/lobby/start", host.token);
}

/** The lobby as an unauthenticated GET sees it. */
export async function lobbyData(app: Target, code: string): Promise<any> {
  const res = await call(app, "GET", `/api/lobby/${code}`);
  expect(res.status).toBe(200);
  expect(res.body.success).toBe(true);
  return res.body.data;
}

/** A failure in the contract's shape (docs/): `{ success: false, message }`. */
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

/** Whether player `playerId` shows connected in lobby data (`lobbyData`'s, or a page's own look). */
const seatConnected = (data: any, playerId: string): boolean => everyoneIn(data).some((p) => p.id === playerId && p.connected);

/** Polls `look` (the lobby's data) until player `playerId` shows connected, for at most `ms`. */
export async function waitConnected(look: () => Promise<any>, playerId: string, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!seatConnected(await look(), playerId)) {
    if (Date.now() > until) throw new Error(`player ${playerId} was not seated within ${ms} ms`);
    await Bun.sleep(20);
  }
}

/** Serves these questions, in order, as many as a game asks for. */
export const questionsFrom = (list: readonly Question[]): QuestionSource => ({ pick: async ({ count }) => list.slice(0, count) });

/** Three general-knowledge questions with plain answers, for the REST tests. */
export const QUESTIONS: Question[] = [
  { question: "What is the capital of Australia?", answer: "Canberra", aliases: [], category: "General" },
  { question: "Which planet is called the Red Planet?", answer: "Mars", aliases: [], category: "General" },
  { question: "How many legs does a spider have?", answer: "Eight", aliases: ["8"], category: "General" },
];
export const fixedQuestions: QuestionSource = questionsFrom(QUESTIONS);

/** Round n's question and its correct answer, which nothing but round-results may reveal. */
export const quizQuestion = (n: number): Question => ({
  question: `Question ${n}: which animal is secretly number ${n}?`,
  answer: `Okapi-${n}-correct`,
  aliases: [],
  category: "Animals",
});

/** As many numbered questions as a game asks for: round n gets quizQuestion(n). */
export const quizQuestions: QuestionSource = {
  pick: async ({ count }) => Array.from({ length: count }, (_, i) => quizQuestion(i + 1)),
};

/** Right exactly when the given text is the question's answer (ignoring case and outer spaces). */
export const exactJudge: AnswerJudge = {
  judge: async (q, given) => given.trim().toLowerCase() === q.answer.toLowerCase(),
};
