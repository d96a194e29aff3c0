// Budgets counted by network, not only by address (docs/decisions.md "The holes behind the budgets"):
// an IPv6 subscriber holds a whole /64, so 40 of its addresses created 1,000 lobbies in 4.4 s and
// the next party got 503 for the two hours idle lobbies live; and a few addresses filled the
// server's room for own questions, so a real party's import got 503. Clients are played through a
// trusted proxy's X-Forwarded-For (every client here is 127.0.0.1).
import { afterEach, expect, test } from "bun:test";
import { call, startTestApp, type TestApp } from "../support/app";
import { REAL_LIMITS } from "./real-limits";

let app: TestApp | undefined;
afterEach(async () => {
  await app?.dispose();
  app = undefined;
});

const from = (address: string) => ({ "x-forwarded-for": address });
const create = async (address: string) => call(app!, "POST", "/api/lobby/create", { body: { playerName: "Host" }, headers: from(address) });

test("addresses of one IPv6 /64 share one budget of lobbies; another /64 has its own", async () => {
  app = await startTestApp({ ...REAL_LIMITS, TRUSTED_PROXIES: "127.0.0.1", LOBBIES_PER_HOUR: "5", MAX_LOBBIES: "40" });
  const statuses = [];
  for (let i = 1; i <= 40; i++) statuses.push((await create(`2001:db8:1:2::${i.toString(16)}`)).status);
  expect(statuses.filter((s) => s === 200)).toHaveLength(5);
  expect(statuses.filter((s) => s === 429)).toHaveLength(35);
  expect((await create("2001:db8:1:3::1")).status).toBe(200);
});

test("with IPV4_NETWORK_PREFIX 24, addresses of one /24 share it; by default each IPv4 address is its own", async () => {
  app = await startTestApp({ ...REAL_LIMITS, TRUSTED_PROXIES: "127.0.0.1", LOBBIES_PER_HOUR: "2", IPV4_NETWORK_PREFIX: "24" });
  expect([(await create("100.64.7.1")).status, (await create("100.64.7.2")).status, (await create("100.64.7.3")).status]).toEqual([200, 200, 429]);
  expect((await create("100.64.8.1")).status).toBe(200);
  await app.dispose();
  app = await startTestApp({ ...REAL_LIMITS, TRUSTED_PROXIES: "127.0.0.1", LOBBIES_PER_HOUR: "2" });
  expect([(await create("100.64.7.1")).status, (await create("100.64.7.1")).status, (await create("100.64.7.2")).status]).toEqual([200, 200, 200]);
});

test("one network cannot fill the server's room for own questions: a real party still imports", async () => {
  // Room for 4 lobbies' worth of questions; a network may add one lobby's worth an hour.
  app = await startTestApp({ ...REAL_LIMITS, TRUSTED_PROXIES: "127.0.0.1", OWN_QUESTIONS_LOBBY_BYTES: "20000", OWN_QUESTIONS_TOTAL_BYTES: "80000", OWN_QUESTIONS_NETWORK_BYTES_PER_HOUR: "20000" });
  const questions = (n: number, tag: string) => Array.from({ length: n }, (_, i) => ({ category: "Ours", question: `${tag} question number ${i} ${"x".repeat(120)}?`, answer: "yes", aliases: [] }));
  const add = async (token: string, address: string, tag: string) => (await call(app!, "POST", "/api/lobby/questions", { token, body: { questions: questions(90, tag) }, headers: from(address) })).status;
  // The attacker: ten addresses of one /64, a lobby each, each filling its lobby's quota.
  const attacker = [];
  for (let i = 1; i <= 10; i++) {
    const address = `2001:db8:9:9::${i}`;
    attacker.push(await add((await create(address)).body.token, address, `a${i}`));
  }
  expect(attacker.filter((s) => s === 200).length).toBeLessThanOrEqual(1);
  const party = await create("198.51.100.20");
  expect(await add(party.body.token, "198.51.100.20", "party")).toBe(200);
});
