// TLS_CERT and TLS_KEY: the one port speaks HTTPS and WSS. A certificate made here with openssl for
// 127.0.0.1; the client trusts it, as a phone would trust a real one. Pages, REST and a round's
// realtime frames all go over it.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WS_PATH } from "../../src/shared/wire";
import { frameSocket } from "../../scripts/lib/frame-socket";
import { startTestApp, type TestApp } from "../support/app";
import { fakeLan, lanOrigin } from "../support/lan";
import { exactJudge, quizQuestion, quizQuestions } from "../support/rest";
import { NET_TIMEOUT_MS } from "../support/sockets";

const dir = mkdtempSync(join(tmpdir(), "stealmate-tls-"));
const certFile = join(dir, "cert.pem");
const keyFile = join(dir, "key.pem");
let ca: string;
let app: TestApp;

beforeAll(async () => {
  const made = Bun.spawnSync(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", keyFile, "-out", certFile, "-days", "1", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"], { stderr: "pipe" });
  if (made.exitCode !== 0) throw new Error(`openssl failed: ${made.stderr.toString()}`);
  ca = readFileSync(certFile, "utf8");
  app = await startTestApp({ TLS_CERT: certFile, TLS_KEY: keyFile }, { questions: quizQuestions, judge: exactJudge, interfaces: fakeLan });
});
afterAll(async () => {
  await app?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const trusted = () => ({ tls: { ca } }) as RequestInit;

async function post(path: string, body: unknown, token?: string) {
  const res = await fetch(app.url + path, { ...trusted(), method: "POST", headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

/** A WebSocket over wss:// that records frames and waits for one by event name. */
const wss = (token: string) => frameSocket(app.url.replace(/^https/, "wss") + WS_PATH, token, { headers: { origin: app.url }, tls: { ca } }, "wss", NET_TIMEOUT_MS);

test("the server answers https://, and an untrusted client is refused the handshake", async () => {
  expect(app.url).toStartWith("https://127.0.0.1:");
  const res = await fetch(`${app.url}/`, trusted());
  expect(res.status).toBe(200);
  expect(await res.text()).toContain("<!doctype html>");
  expect(fetch(`${app.url}/`)).rejects.toThrow();
});

test("a game's realtime frames over wss://, and the join address shown is https too", async () => {
  const host = await post("/api/lobby/create", { playerName: "Hana" });
  const code = host.lobby.code;
  const ravi = await post("/api/lobby/join", { playerName: "Ravi", code });
  expect(ravi.lobby.captains.red.name).toBe("Ravi");
  const tv = await (await fetch(`${app.url}/tv/${code}`, trusted())).text();
  expect(tv).toContain(`QR code to join: ${lanOrigin(app.port, "https")}/?join=${code}`);

  const hana = wss(host.token);
  const red = wss(ravi.token);
  await Promise.all([hana.opened, red.opened]);
  const snapshot = (p: any) => p.updateType === "snapshot";
  expect((await hana.next("lobby-updated", snapshot)).lobby.code).toBe(code);
  await red.next("lobby-updated", snapshot);
  await post("/api/lobby/updateSettings", { settings: { rounds: 1, roundLimit: 30 } }, host.token);
  await post("/api/lobby/start", {}, host.token);
  await post("/api/lobby/startRound", {}, host.token);
  const started = await red.next("round-started");
  expect(started.game.currentRound.question).toBe(quizQuestion(1).question);
  await post("/api/lobby/submitAnswer", { roundNumber: 1, answer: quizQuestion(1).answer, isSteal: false }, host.token);
  await post("/api/lobby/submitAnswer", { roundNumber: 1, answer: "", isSteal: true }, ravi.token);
  const results = await hana.next("round-results");
  expect(results.gameComplete).toBe(true);
  expect((await red.next("round-results")).round.number).toBe(1);
  hana.ws.close();
  red.ws.close();
});
