// A disk that fills up mid-game (a Pi's SD card): every write the service needs is refused with
// 503, memory stays exactly as it was, no one hears anything, and play goes on once there is room
// again, with no restart; a restart then loads exactly what was acknowledged. The data folder is a
// 2 MB tmpfs the test mounts (CI runs as root) and fills with one file.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LobbyState } from "../../src/game/types";
import { STORAGE_RETRY_MS } from "../../src/lobbies/service";
import { STORAGE_FAULT_MESSAGE } from "../../src/lobbies/storage-fault";
import { LobbyStore } from "../../src/lobbies/store";
import { accepted, question } from "../support/builders";
import { FakeClock } from "../support/fake-clock";
import { RED, readyGame, serviceOn, settle, submit } from "../support/service-harness";

let mountPoint: string;
let store: LobbyStore | null = null;
const dbPath = () => join(mountPoint, "lobbies.db");
const filler = () => join(mountPoint, "filler");

beforeAll(() => {
  mountPoint = mkdtempSync(join(tmpdir(), "stealmate-full-"));
  execFileSync("mount", ["-t", "tmpfs", "-o", "size=2m", "tmpfs", mountPoint]);
});

afterAll(() => {
  execFileSync("umount", ["-l", mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

beforeEach(() => {
  store = new LobbyStore(dbPath());
});

afterEach(() => {
  store?.close();
  store = null;
  for (const file of ["lobbies.db", "lobbies.db-wal", "lobbies.db-shm", "filler"]) rmSync(join(mountPoint, file), { force: true });
});

/** Writes one file until the filesystem has no byte left. */
function fillDisk(): void {
  expect(() => writeFileSync(filler(), Buffer.alloc(4 * 1024 * 1024))).toThrow(/ENOSPC/);
}

const freeDisk = () => rmSync(filler());

const refusedForStorage = (outcome: { ok: boolean; status?: number; message?: string }) => {
  expect(outcome).toEqual({ ok: false, status: 503, message: STORAGE_FAULT_MESSAGE });
};

/** What a restart must load: the same lobby with everyone away (no socket survives it). */
const away = (state: LobbyState) => ({ ...state, players: state.players.map((p) => ({ ...p, connected: false })), hostAwaySince: undefined });

describe("a full disk mid-game", () => {
  test("every command is refused with 503, nothing changes, no one hears; play goes on after, and a restart loads what was acknowledged", async () => {
    const clock = new FakeClock();
    const logged: string[] = [];
    const { service, out } = serviceOn(store!, clock, { log: (line) => logged.push(line) });
    const { code, host } = await readyGame(service, { rounds: 2, roundLimit: 15 });
    accepted(service.dispatch(code, { type: "startRound", by: host }));
    accepted(service.dispatch(code, submit(host, "blue", 1, question(1).answer)));
    const before = structuredClone(service.get(code)!);
    const heard = out.sent.length;

    fillDisk();
    for (const command of [
      { type: "join", playerId: "eve", name: "Eve" },
      submit(RED, "red", 1, question(1).answer),
      { type: "chat", playerId: "cy", message: "hello", chatType: "game" },
      { type: "presence", playerId: "dee", connected: true },
      { type: "leave", playerId: "cy" },
      { type: "transferHost", by: host, playerId: "cy" },
      { type: "endLobby", by: host },
    ] as const) {
      refusedForStorage(service.dispatch(code, command));
    }
    const book = service.questionBook(code, host);
    if (!book.ok) throw new Error(book.message);
    refusedForStorage(book.book.add([{ question: "New?", answer: "Yes", aliases: [], category: "Own" }]));
    // The round's deadline passes: the timer's command is refused too, and kept for later.
    clock.advance(15_000);
    await settle();

    expect(service.get(code)).toEqual(before);
    expect(out.sent.length).toBe(heard);
    expect(service.size).toBe(1);
    expect(logged.some((line) => line.includes("database or disk is full"))).toBe(true);

    freeDisk();
    clock.advance(STORAGE_RETRY_MS);
    await settle();
    expect(out.events("round-timeup")).toHaveLength(1);
    expect(service.get(code)!.game!.phase).toBe("results");
    accepted(service.dispatch(code, { type: "chat", playerId: "cy", message: "after", chatType: "game" }));
    accepted(service.dispatch(code, { type: "startRound", by: host }));
    const acknowledged = structuredClone(service.get(code)!);

    service.shutdown();
    store!.close();
    store = new LobbyStore(dbPath());
    const restarted = serviceOn(store, clock).service;
    expect(away(restarted.get(code)!)).toEqual(away(acknowledged));
    restarted.shutdown();
  });

  test("a verdict the disk refuses is applied once there is room again", async () => {
    const clock = new FakeClock();
    const { service, out } = serviceOn(store!, clock);
    const { code, host } = await readyGame(service);
    accepted(service.dispatch(code, { type: "startRound", by: host }));
    accepted(service.dispatch(code, submit(host, "blue", 1, question(1).answer)));
    fillDisk();
    // Red's lock is refused; then, with room for it, it is taken and the judge is asked, whose
    // verdict comes back to a disk that is full again.
    refusedForStorage(service.dispatch(code, submit(RED, "red", 1, "wrong")));
    freeDisk();
    accepted(service.dispatch(code, submit(RED, "red", 1, "wrong")));
    fillDisk();
    await settle();
    expect(service.get(code)!.game!.phase).toBe("judging");
    expect(out.events("round-results")).toHaveLength(0);

    freeDisk();
    clock.advance(STORAGE_RETRY_MS);
    expect(service.get(code)!.game!.phase).toBe("results");
    expect(out.events("round-results")).toHaveLength(1);
    service.shutdown();
  });
});
