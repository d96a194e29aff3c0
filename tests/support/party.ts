// A running server with a fake clock, known questions and an exact-match judge, and the REST steps
// that seat a party (create, join, captains, start) for realtime tests.
import { afterEach, expect } from "bun:test";
import type { Question, Team } from "../../src/game/types";
import type { AnswerJudge, QuestionSource } from "../../src/lobbies/seams";
import { call, startTestApp, type TestApp } from "./app";
import { FakeClock } from "./fake-clock";
import { Clients, type Client, type Transport } from "./sockets";

/** Round n's question and its correct answer, which nothing but round-results may reveal. */
export const quizQuestion = (n: number): Question => ({
  question: `Question ${n}: which animal is secretly number ${n}?`,
  answer: `Okapi-${n}-correct`,
  aliases: [],
  category: "Animals",
});

export const quizQuestions: QuestionSource = {
  pick: async ({ count }) => Array.from({ length: count }, (_, i) => quizQuestion(i + 1)),
};

/** Right exactly when the given text is the question's answer (ignoring case and outer spaces). */
export const exactJudge: AnswerJudge = {
  judge: async (q, given) => given.trim().toLowerCase() === q.answer.toLowerCase(),
};

export interface Harness {
  app: TestApp;
  clock: FakeClock;
}

export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const clock = new FakeClock();
  const app = await startTestApp(env, { clock, questions: quizQuestions, judge: exactJudge });
  return { app, clock };
}

export interface Seat {
  id: string;
  name: string;
  token: string;
}

/** A REST call that must succeed; returns its body. */
export async function ok(app: { url: string }, path: string, token?: string, body?: unknown): Promise<any> {
  const res = await call(app, "POST", path, { token, body: body ?? {} });
  if (res.status !== 200 || res.body?.success !== true) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

function seatOf(body: any, name: string): Seat {
  const players = [...body.lobby.blueTeam, ...body.lobby.redTeam];
  const me = players.find((p: any) => p.name === name);
  expect(me).toBeDefined();
  return { id: me.id, name, token: body.token };
}

export async function createLobby(app: { url: string }, name: string): Promise<{ code: string; seat: Seat }> {
  const body = await ok(app, "/api/lobby/create", undefined, { playerName: name });
  return { code: body.lobby.code, seat: seatOf(body, name) };
}

export async function joinLobby(app: { url: string }, code: string, name: string): Promise<Seat> {
  return seatOf(await ok(app, "/api/lobby/join", undefined, { playerName: name, code }), name);
}

export const teamSelect = (app: { url: string }, seat: Seat, team: Team, isCaptain: boolean) => ok(app, "/api/lobby/teamSelect", seat.token, { team, isCaptain });

export const startRound = (app: { url: string }, host: Seat): Promise<{ roundNumber: number; endsAt: number }> => ok(app, "/api/lobby/startRound", host.token, {});

export const submit = (app: { url: string }, seat: Seat, roundNumber: number, answer: string, isSteal = false) =>
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
 * rule; Hana captains blue and Ravi red.
 */
export async function seatFour(app: { url: string }): Promise<Four> {
  const { code, seat: blue1 } = await createLobby(app, "Hana");
  const red1 = await joinLobby(app, code, "Ravi");
  const blue2 = await joinLobby(app, code, "Bo");
  const red2 = await joinLobby(app, code, "Rue");
  await teamSelect(app, blue1, "blue", true);
  await teamSelect(app, red1, "red", true);
  return { code, blue1, blue2, red1, red2 };
}

/** Sets the round count and limit, then starts the game. */
export async function startGame(app: { url: string }, host: Seat, rounds: number, roundLimit = 30): Promise<void> {
  await ok(app, "/api/lobby/updateSettings", host.token, { settings: { rounds, roundLimit } });
  await ok(app, "/api/lobby/start", host.token);
}

export interface Connected extends Harness {
  clients: Clients;
}

export interface SeatedFour extends Connected {
  four: Four;
  /** Hana, host and blue captain */
  blue1: Client;
  /** Bo, blue member */
  blue2: Client;
  /** Ravi, red captain */
  red1: Client;
  /** Rue, red member */
  red2: Client;
}

/**
 * For one describe block over `transport`: registers an afterEach that closes every client and
 * disposes the server. `start` runs a fresh harness with a Clients on it; `seat` also seats the
 * four (seatFour) and connects each of them with its token.
 */
export function useRealtime(transport: Transport) {
  let h: Harness | undefined;
  let clients: Clients | undefined;

  afterEach(async () => {
    clients?.closeAll();
    await h?.app.dispose();
    h = clients = undefined;
  });

  async function start(env: Record<string, string> = {}): Promise<Connected> {
    h = await startHarness(env);
    clients = new Clients(h.app.url, transport);
    return { ...h, clients };
  }

  async function seat(): Promise<SeatedFour> {
    const started = await start();
    const { app, clients } = started;
    const four = await seatFour(app);
    const blue1 = await clients.connect("Hana(blue)", four.blue1.token);
    const blue2 = await clients.connect("Bo(blue)", four.blue2.token);
    const red1 = await clients.connect("Ravi(red)", four.red1.token);
    const red2 = await clients.connect("Rue(red)", four.red2.token);
    return { ...started, four, blue1, blue2, red1, red2 };
  }

  return { start, seat };
}
