// A disk that fills up or goes read-only mid-game (a Pi's SD card): every write the service needs
// is refused with 503, memory stays exactly as it was, no one hears anything, and play goes on once
// the disk takes writes again, with no restart; a restart then loads exactly what was acknowledged.
// The test mounts the data folder itself (CI runs as root): a 2 MB tmpfs it fills with one file, or
// a small ext4 image whose database files it marks immutable (writes then fail as on a read-only
// disk; a filesystem cannot be remounted read-only while SQLite holds its files open for writing).
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
import { emptyWal } from "../support/wal";
import { RED, readyGame, serviceOn, settle, submit } from "../support/service-harness";

interface Fault {
  name: string;
  mount(at: string): void;
  begin(at: string): void;
  end(at: string): void;
}

const run = (cmd: string, ...args: string[]) => execFileSync(cmd, args, { stdio: "pipe" });
const filler = (at: string) => join(at, "filler");
/** The files SQLite writes to; its shared-memory index is left alone (an immutable mapped file is a SIGBUS). */
const written = (at: string) => [join(at, "lobbies.db"), join(at, "lobbies.db-wal")];

const FAULTS: Fault[] = [
  {
    name: "full",
    mount: (at) => run("mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", at),
    // One file written until the filesystem has no byte left, the WAL emptied first (support/wal.ts).
    begin: (at) => {
      emptyWal(join(at, "lobbies.db"));
      expect(() => writeFileSync(filler(at), Buffer.alloc(4 * 1024 * 1024))).toThrow(/ENOSPC/);
    },
    end: (at) => rmSync(filler(at), { force: true }),
  },
  {
    name: "read-only",
    mount(at) {
      const image = `${at}.img`;
      writeFileSync(image, Buffer.alloc(0));
      run("truncate", "-s", "8M", image);
      run("mkfs.ext4", "-q", "-F", image);
      run("mount", "-o", "loop", image, at);
    },
    begin: (at) => run("chattr", "+i", ...written(at)),
    end: (at) => run("chattr", "-i", ...written(at)),
  },
];

const refusedForStorage = (outcome: { ok: boolean; kind?: string; message?: string }) => {
  expect(outcome).toEqual({ ok: false, kind: "unavailable", message: STORAGE_FAULT_MESSAGE });
};

/** What a restart must load: the same lobby with everyone away (no socket survives it). */
const away = (state: LobbyState) => ({ ...state, players: state.players.map((p) => ({ ...p, connected: false })), hostAwaySince: undefined, hostHandoffAt: undefined });

describe.each(FAULTS)("a $name disk mid-game", (fault) => {
  let mountPoint = "";
  let store: LobbyStore | null = null;
  const dbPath = () => join(mountPoint, "lobbies.db");
  const fillDisk = () => fault.begin(mountPoint);
  const freeDisk = () => fault.end(mountPoint);

  beforeAll(async () => {
    mountPoint = mkdtempSync(join(tmpdir(), `stealmate-${fault.name}-`));
    fault.mount(mountPoint);
  });

  afterAll(async () => {
    run("umount", "-l", mountPoint);
    rmSync(mountPoint, { recursive: true, force: true });
    rmSync(`${mountPoint}.img`, { force: true });
  });

  beforeEach(async () => {
    store = new LobbyStore(dbPath());
  });

  afterEach(async () => {
    // Ended here too, so a test that failed mid-fault leaves files that can be removed.
    freeDisk();
    store?.close();
    store = null;
    for (const file of ["lobbies.db", "lobbies.db-wal", "lobbies.db-shm", "filler"]) rmSync(join(mountPoint, file), { force: true });
  });

  test("every command is refused with 503, nothing changes, no one hears; play goes on after, and a restart loads what was acknowledged", async () => {
    const clock = new FakeClock();
    const logged: string[] = [];
    const { service, out } = await serviceOn(store!, clock, { log: (line) => logged.push(line) });
    const { code, host } = await readyGame(service, { rounds: 2, roundLimit: 15 });
    accepted(await service.dispatch(code, { type: "startRound", by: host }));
    accepted(await service.dispatch(code, submit(host, "blue", 1, question(1).answer)));
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
      refusedForStorage(await service.dispatch(code, command));
    }
    const book = service.questionBook(code, host);
    if (!book.ok) throw new Error(book.message);
    refusedForStorage(await book.book.add([{ question: "New?", answer: "Yes", aliases: [], category: "Own" }]));
    // The round's deadline passes: the timer's command is refused too, and kept for later.
    await clock.advance(15_000);
    await settle();

    expect(service.get(code)).toEqual(before);
    expect(out.sent.length).toBe(heard);
    expect(service.size).toBe(1);
    expect(logged.some((line) => line.startsWith("storage: "))).toBe(true);

    freeDisk();
    await clock.advance(STORAGE_RETRY_MS);
    await settle();
    expect(out.events("round-timeup")).toHaveLength(1);
    expect(service.get(code)!.game!.phase).toBe("results");
    accepted(await service.dispatch(code, { type: "chat", playerId: "cy", message: "after", chatType: "game" }));
    accepted(await service.dispatch(code, { type: "startRound", by: host }));
    const acknowledged = structuredClone(service.get(code)!);

    service.shutdown();
    await store!.close();
    store = new LobbyStore(dbPath());
    const restarted = (await serviceOn(store, clock)).service;
    expect(away(restarted.get(code)!)).toEqual(away(acknowledged));
    restarted.shutdown();
  });

  test("a verdict the disk refuses is applied once there is room again", async () => {
    const clock = new FakeClock();
    const { service, out } = await serviceOn(store!, clock);
    const { code, host } = await readyGame(service);
    accepted(await service.dispatch(code, { type: "startRound", by: host }));
    accepted(await service.dispatch(code, submit(host, "blue", 1, question(1).answer)));
    fillDisk();
    // Red's lock is refused; then, with room for it, it is taken and the judge is asked, whose
    // verdict comes back to a disk that is full again.
    refusedForStorage(await service.dispatch(code, submit(RED, "red", 1, "wrong")));
    freeDisk();
    accepted(await service.dispatch(code, submit(RED, "red", 1, "wrong")));
    fillDisk();
    await settle();
    expect(service.get(code)!.game!.phase).toBe("judging");
    expect(out.events("round-results")).toHaveLength(0);

    freeDisk();
    await clock.advance(STORAGE_RETRY_MS);
    expect(service.get(code)!.game!.phase).toBe("results");
    expect(out.events("round-results")).toHaveLength(1);
    service.shutdown();
  });

  test("an idle lobby whose removal the disk refuses stays, told nothing, and ends once the disk takes it", async () => {
    const clock = new FakeClock();
    const { service, out } = await serviceOn(store!, clock, { idleMs: 60_000 });
    const created = await service.create("Host");
    if (!created.ok) throw new Error(created.message);
    fillDisk();
    await clock.advance(60_000 + 5 * STORAGE_RETRY_MS);
    expect(service.get(created.state.code)).toEqual(created.state);
    expect(out.sent).toEqual([]);

    freeDisk();
    await clock.advance(STORAGE_RETRY_MS);
    expect(service.size).toBe(0);
    expect(out.closed).toEqual([created.state.code]);
    expect((await store!.loadAll())).toEqual([]);
  });
});
