// The realtime harness: a running server with a fake clock, numbered questions and an exact-match
// judge, and four seated players connected over one transport. The REST steps live in ./rest.
import { afterEach } from "bun:test";
import type { QuestionSource } from "../../src/lobbies/seams";
import { startTestApp, type TestApp } from "./app";
import { FakeClock } from "./fake-clock";
import { exactJudge, quizQuestions, seatFour, type Four } from "./rest";
import { Clients, type Client, type Transport } from "./sockets";

export interface Harness {
  app: TestApp;
  clock: FakeClock;
}

/** The app on a fake clock with the exact judge; numbered questions unless the test brings its own. */
export async function startHarness(env: Record<string, string> = {}, questions: QuestionSource = quizQuestions): Promise<Harness> {
  const clock = new FakeClock();
  const app = await startTestApp(env, { clock, questions, judge: exactJudge });
  return { app, clock };
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
