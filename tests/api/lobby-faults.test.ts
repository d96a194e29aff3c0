// A rule that throws in one lobby, seen from outside (docs/decisions.md, "A fault boundary per lobby"):
// REST answers 503 and the socket a socket-error, nothing changes, the other lobby plays on; and a
// throw that escapes every lobby leaves the process serving.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import type { Command } from "../../src/game/commands";
import { reduce } from "../../src/game/reduce";
import { FAULT_MESSAGE } from "../../src/lobbies/lobby-faults";
import { call, startTestApp, type TestApp } from "../support/app";
import { FakeClock } from "../support/fake-clock";
import { exactJudge, type Four, quizQuestions, seatFour } from "../support/rest";
import { Clients } from "../support/sockets";

const bug: { code: string; command: Command["type"] | null } = { code: "", command: null };
const rules: typeof reduce = (state, command, ctx) => {
  if (state.code === bug.code && command.type === bug.command) throw new Error(`bug in ${command.type}`);
  return reduce(state, command, ctx);
};

let app: TestApp;
let clients: Clients;
let sick: Four;
let well: Four;
beforeAll(async () => {
  app = await startTestApp({}, { clock: new FakeClock(), questions: quizQuestions, judge: exactJudge, reduce: rules });
  clients = new Clients(app.url, "websocket");
  sick = await seatFour(app);
  well = await seatFour(app);
  bug.code = sick.code;
});
afterAll(async () => {
  clients.closeAll();
  await app.dispose();
});

const lobby = async (code: string) => (await call(app, "GET", `/api/lobby/${code}`)).body.data;

describe("a rule that throws in one lobby", () => {
  test("REST answers 503 with the fault's message and the lobby is as it was; the same call works in another lobby", async () => {
    bug.command = "updateSettings";
    const before = await lobby(sick.code);
    const res = await call(app, "POST", "/api/lobby/updateSettings", { token: sick.blue1.token, body: { settings: { rounds: 3 } } });
    expect(res).toEqual({ status: 503, body: { success: false, message: FAULT_MESSAGE } });
    expect(await lobby(sick.code)).toEqual(before);
    const fine = await call(app, "POST", "/api/lobby/updateSettings", { token: well.blue1.token, body: { settings: { rounds: 3 } } });
    expect(fine.status).toBe(200);
  });

  test("a chat line over the socket earns a socket-error; the socket stays, and chat in the other lobby is delivered", async () => {
    bug.command = "chat";
    const hana = await clients.connect("Hana(sick)", sick.blue1.token);
    const other = await clients.connect("Hana(well)", well.blue1.token);
    await hana.join(sick.blue1.token);
    await other.join(well.blue1.token);
    hana.emit("chat-message", { message: "hello", chatType: "game" });
    expect(await hana.waitFor("socket-error")).toEqual({ event: "chat-message", message: FAULT_MESSAGE });
    expect(hana.connected).toBe(true);
    other.emit("chat-message", { message: "hello", chatType: "game" });
    expect(await other.waitFor("chat-message")).toMatchObject({ message: "hello" });
  });
});

describe("a throw outside every lobby", () => {
  test("is logged with its stack, and the process goes on serving", () => {
    const script = `
      import { keepServingOnFaults } from "./src/process-guard";
      keepServingOnFaults((line) => console.log(line));
      const server = Bun.serve({ port: 0, fetch: () => new Response("still here") });
      setTimeout(() => { throw new Error("thrown in a timer"); }, 1);
      setTimeout(() => { void Promise.reject(new Error("rejected, never caught")); }, 2);
      setTimeout(async () => {
        console.log(await (await fetch("http://127.0.0.1:" + server.port + "/")).text());
        process.exit(0);
      }, 50);
    `;
    const run = spawnSync("bun", ["-e", script], { cwd: `${import.meta.dir}/../..`, encoding: "utf8", timeout: 20_000 });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("process: uncaught exception, still serving: Error: thrown in a timer");
    expect(run.stdout).toContain("process: unhandled rejection, still serving: Error: rejected, never caught");
    expect(run.stdout.trim().split("\n").at(-1)).toBe("still here");
  });
});
