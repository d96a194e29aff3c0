// One lobby's fault stays in that lobby (docs/decisions.md, "A fault boundary per lobby"): a rule that
// throws, as a bug would, in a command, a timer or the judge's continuation, or an effect that throws,
// is logged with the lobby's code; the lobby keeps its last saved state and every other lobby plays
// on. A lobby that throws three times in a row is ended for its players and set aside, so no restart
// brings the fault back. The rules are swapped through the service's `reduce` seam; time is a fake clock.
import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import type { Command } from "../../src/game/commands";
import { reduce } from "../../src/game/reduce";
import type { LobbyState } from "../../src/game/types";
import { FAULT_CLOSE_REASON, FAULT_MESSAGE } from "../../src/lobbies/lobby-faults";
import { STORAGE_RETRY_MS } from "../../src/lobbies/service";
import { accepted, question } from "../support/builders";
import { FakeClock } from "../support/fake-clock";
import { useTempStores } from "../support/temp-stores";
import { RED, readyGame, serviceOn, settle, submit } from "../support/service-harness";

const temp = useTempStores("faults");

/** Rules with a bug: `command` throws in lobby `code` while `on`. */
function buggy(code: string, command: Command["type"]) {
  const bug = { on: true, hits: 0 };
  const rules: typeof reduce = (state, cmd, ctx) => {
    if (bug.on && state.code === code && cmd.type === command) {
      bug.hits++;
      throw new Error(`bug in ${command}`);
    }
    return reduce(state, cmd, ctx);
  };
  return { bug, rules };
}

/** Two lobbies, SICK (where the bug is) and WELL, each with a started game of 3 rounds of 15 s. */
async function twoLobbies(clock: FakeClock, rules: typeof reduce, log: string[], path?: string) {
  const codes = ["SICK", "WELL"];
  const store = path ? temp.store(path) : temp.store();
  const { service, out } = await serviceOn(store, clock, { reduce: rules, newCode: () => codes.shift() ?? "MORE", log: (line) => log.push(line) });
  const sick = await readyGame(service, { rounds: 3, roundLimit: 15 });
  const well = await readyGame(service, { rounds: 3, roundLimit: 15 });
  return { service, out, store, sick, well };
}

const chat = (playerId: string, message: string): Command => ({ type: "chat", playerId, message, chatType: "game" });

/** Plays round 1 of a lobby to its results: both teams lock. */
async function playRoundOne(service: Awaited<ReturnType<typeof serviceOn>>["service"], code: string, host: string) {
  accepted(await service.dispatch(code, { type: "startRound", by: host }));
  accepted(await service.dispatch(code, submit(host, "blue", 1, question(1).answer)));
  accepted(await service.dispatch(code, submit(RED, "red", 1, "nope")));
}

const quarantined = (path: string) => new Database(path, { readonly: true }).query("SELECT code, reason FROM quarantine").all() as { code: string; reason: string }[];

describe("a command whose rule throws", () => {
  test("is refused as unavailable and logged with the lobby, the command and the stack; nothing changes, nobody hears anything", async () => {
    const log: string[] = [];
    const { rules } = buggy("SICK", "chat");
    const { service, out, sick, well } = await twoLobbies(new FakeClock(), rules, log);
    const before: LobbyState = service.get(sick.code)!;
    const heard = out.sent.length;

    const outcome = await service.dispatch(sick.code, chat(sick.host, "hello"));
    expect(outcome).toEqual({ ok: false, kind: "unavailable", message: FAULT_MESSAGE });
    expect(service.get(sick.code)).toBe(before);
    expect(out.sent.length).toBe(heard);
    const line = log.find((l) => l.startsWith("fault:"));
    expect(line).toContain("lobby SICK: chat threw");
    expect(line).toContain("Error: bug in chat");
    expect(line).toContain("fault-boundary.test.ts");

    // The other lobby never notices.
    expect((await service.dispatch(well.code, chat(well.host, "hello"))).ok).toBe(true);
    await playRoundOne(service, well.code, well.host);
  });

  test("three in a row end the lobby for its players and set it aside; a command taken in between starts the count again", async () => {
    const log: string[] = [];
    const { bug, rules } = buggy("SICK", "chat");
    const { service, out, sick, well } = await twoLobbies(new FakeClock(), rules, log, "count.db");
    await service.dispatch(sick.code, chat(sick.host, "one"));
    await service.dispatch(sick.code, chat(sick.host, "two"));
    accepted(await service.dispatch(sick.code, { type: "presence", playerId: RED, connected: true }));
    await service.dispatch(sick.code, chat(sick.host, "three"));
    await service.dispatch(sick.code, chat(sick.host, "four"));
    expect(service.get(sick.code)).toBeDefined();
    expect(out.closed).toEqual([]);

    await service.dispatch(sick.code, chat(sick.host, "five"));
    // Its players hear of it once its rows are set aside.
    await settle();
    expect(bug.hits).toBe(5);
    expect(service.get(sick.code)).toBeUndefined();
    expect(out.closed).toEqual(["SICK"]);
    expect(out.events("lobby-ended").map((e) => [e.code, e.payload])).toEqual([["SICK", expect.objectContaining({ lobbyCode: "SICK", reason: FAULT_CLOSE_REASON })]]);
    expect(await service.dispatch(sick.code, chat(sick.host, "six"))).toMatchObject({ ok: false, kind: "notFound" });
    expect(quarantined(temp.path("count.db"))).toEqual([{ code: "SICK", reason: "failed 3 times in a row" }]);
    await playRoundOne(service, well.code, well.host);
  });
});

describe("a timer whose rule throws", () => {
  test("is tried again like a refused write; the third failure ends the lobby, the others' rounds run on, and a restart does not bring it back", async () => {
    const log: string[] = [];
    const clock = new FakeClock();
    const { bug, rules } = buggy("SICK", "timeUp");
    const { service, out, sick, well } = await twoLobbies(clock, rules, log, "timer.db");
    accepted(await service.dispatch(sick.code, { type: "startRound", by: sick.host }));
    accepted(await service.dispatch(well.code, { type: "startRound", by: well.host }));

    await clock.advance(15_000);
    await settle();
    expect(bug.hits).toBe(1);
    expect(service.get(sick.code)!.game!.phase).toBe("question");
    expect(service.get(well.code)!.game!.phase).toBe("results");
    await clock.advance(STORAGE_RETRY_MS);
    expect(bug.hits).toBe(2);
    await clock.advance(STORAGE_RETRY_MS);
    expect(bug.hits).toBe(3);
    expect(service.get(sick.code)).toBeUndefined();
    expect(out.events("lobby-ended").map((e) => (e.payload as { reason: string }).reason)).toEqual([FAULT_CLOSE_REASON]);
    expect(log.filter((l) => l.startsWith("fault: lobby SICK: timeUp threw"))).toHaveLength(3);
    await clock.advance(60_000);
    expect(bug.hits).toBe(3);

    // A restart on the same file: the set-aside lobby stays out, the healthy one comes back.
    service.shutdown();
    const again = (await serviceOn(temp.store("timer.db"), clock, { reduce: rules })).service;
    expect(again.get(sick.code)).toBeUndefined();
    expect(again.get(well.code)!.game!.phase).toBe("results");
  });

  test("a crash before the third failure: the restart re-arms the same deadline, and the lobby is ended there instead of failing at every start", async () => {
    const clock = new FakeClock();
    const { bug, rules } = buggy("SICK", "timeUp");
    const first = await twoLobbies(clock, rules, [], "crash.db");
    accepted(await first.service.dispatch(first.sick.code, { type: "startRound", by: first.sick.host }));
    await clock.advance(15_000);
    expect(bug.hits).toBe(1);
    first.service.shutdown();

    const log: string[] = [];
    const second = await serviceOn(temp.store("crash.db"), clock, { reduce: rules, log: (l) => log.push(l) });
    expect(second.service.get("SICK")!.game!.phase).toBe("question");
    await clock.advance(0);
    await clock.advance(STORAGE_RETRY_MS);
    await clock.advance(STORAGE_RETRY_MS);
    expect(bug.hits).toBe(4);
    expect(second.service.get("SICK")).toBeUndefined();
    expect(second.out.events("lobby-ended").map((e) => (e.payload as { reason: string }).reason)).toEqual([FAULT_CLOSE_REASON]);
    second.service.shutdown();

    const third = await serviceOn(temp.store("crash.db"), clock, { reduce: rules });
    await clock.advance(60_000);
    expect(third.service.get("SICK")).toBeUndefined();
    expect(third.service.get("WELL")).toBeDefined();
    expect(bug.hits).toBe(4);
  });
});

describe("the judge's continuation whose rule throws", () => {
  test("is tried again, then ends only that lobby; the other lobby's round is judged", async () => {
    const clock = new FakeClock();
    const { bug, rules } = buggy("SICK", "judged");
    const { service, out, sick, well } = await twoLobbies(clock, rules, []);
    await playRoundOne(service, sick.code, sick.host);
    await playRoundOne(service, well.code, well.host);
    await settle();
    expect(bug.hits).toBe(1);
    expect(service.get(sick.code)!.game!.phase).toBe("judging");
    expect(service.get(well.code)!.game!.phase).toBe("results");
    await clock.advance(STORAGE_RETRY_MS);
    await clock.advance(STORAGE_RETRY_MS);
    expect(bug.hits).toBe(3);
    expect(service.get(sick.code)).toBeUndefined();
    expect(out.closed).toEqual(["SICK"]);
    accepted(await service.dispatch(well.code, { type: "startRound", by: well.host }));
  });

  test("a bug fixed before the third try lets the round be judged as usual", async () => {
    const clock = new FakeClock();
    const { bug, rules } = buggy("SICK", "judged");
    const { service, sick } = await twoLobbies(clock, rules, []);
    await playRoundOne(service, sick.code, sick.host);
    await settle();
    bug.on = false;
    await clock.advance(STORAGE_RETRY_MS);
    expect(service.get(sick.code)!.game!.phase).toBe("results");
    expect(service.get(sick.code)!.game!.scores).toEqual({ blue: 1, red: 0 });
  });
});

describe("an effect that throws", () => {
  test("is logged as the lobby's fault; the command stands (it is saved) and its other effects still run", async () => {
    const log: string[] = [];
    const clock = new FakeClock();
    const { service, out, sick } = await twoLobbies(clock, reduce, log);
    const emit = out.emit.bind(out);
    out.emit = (code, to, event, payload) => {
      if (code === "SICK" && event === "round-started") throw new Error("broken broadcaster");
      emit(code, to, event, payload);
    };
    expect((await service.dispatch(sick.code, { type: "startRound", by: sick.host })).ok).toBe(true);
    expect(log.find((l) => l.startsWith("fault:"))).toContain("lobby SICK: its emit effect threw");
    // The round's timer was still set: the round ends at its deadline.
    await clock.advance(15_000);
    await settle();
    expect(service.get(sick.code)!.game!.phase).toBe("results");
  });
});
