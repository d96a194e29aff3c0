// Group commit of chat: the lines accepted in one turn are written in one transaction, and no one
// hears a line (nor sees it in a snapshot) before it is on disk. The turn's end is a hand-run
// `deferWrite` here; the app uses setImmediate.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Broadcaster } from "../../src/lobbies/seams";
import { LobbyService } from "../../src/lobbies/service";
import { LobbyStore, type ChatLine } from "../../src/lobbies/store";
import { accepted } from "../support/builders";
import { FakeClock } from "../support/fake-clock";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "stealmate-chat-commit-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A store that counts its chat transactions and can be made to fail them. */
class CountingStore extends LobbyStore {
  batches: number[] = [];
  failing = false;
  override appendChat(lines: readonly ChatLine[]): void {
    if (this.failing) throw new Error("disk full");
    this.batches.push(lines.length);
    super.appendChat(lines);
  }
}

function boot() {
  const store = new CountingStore(join(dir, "lobbies.db"));
  const turnEnds: (() => void)[] = [];
  const logged: string[] = [];
  let ids = 0;
  let codes = 0;
  const service = new LobbyService({
    store,
    clock: new FakeClock(),
    judge: { judge: async () => false },
    questions: { pick: async () => [] },
    newId: () => `id${++ids}`,
    newCode: () => ["AAAA", "BBBB"][codes++]!,
    log: (line) => logged.push(line),
    deferWrite: (flush) => turnEnds.push(flush),
  });
  const heard: string[] = [];
  service.broadcaster = {
    emit: (code, _to, event, payload) => heard.push(`${code} ${event} ${(payload as { message?: string }).message ?? (payload as { updateType?: string }).updateType}`),
    seat: () => {},
    close: () => {},
  } satisfies Broadcaster;
  const endTurn = () => turnEnds.splice(0).forEach((flush) => flush());
  const lobby = (name: string) => {
    const created = service.create(name);
    if (!created.ok) throw new Error(created.message);
    return { code: created.state.code, host: created.playerId };
  };
  const onDisk = () => {
    const reader = new LobbyStore(join(dir, "lobbies.db"));
    const chat = Object.fromEntries(reader.loadAll().map(({ state }) => [state.code, state.chat.map((m) => m.message)]));
    reader.close();
    return chat;
  };
  return { service, store, heard, endTurn, lobby, onDisk, logged, turnEnds };
}

const say = (playerId: string, message: string) => ({ type: "chat" as const, playerId, message, chatType: "game" as const });

test("lines accepted in one turn share one transaction and are heard only after it, in order", () => {
  const { service, store, heard, endTurn, lobby, onDisk } = boot();
  const a = lobby("Ana");
  const b = lobby("Ben");
  accepted(service.dispatch(a.code, say(a.host, "one")));
  accepted(service.dispatch(b.code, say(b.host, "two")));
  accepted(service.dispatch(a.code, say(a.host, "three")));

  expect(heard).toEqual([]);
  expect(store.batches).toEqual([]);
  expect(onDisk()).toEqual({ AAAA: [], BBBB: [] });

  endTurn();
  expect(store.batches).toEqual([3]);
  expect(heard).toEqual(["AAAA chat-message one", "BBBB chat-message two", "AAAA chat-message three"]);
  expect(onDisk()).toEqual({ AAAA: ["one", "three"], BBBB: ["two"] });

  // the next turn starts a new batch
  accepted(service.dispatch(b.code, say(b.host, "four")));
  endTurn();
  expect(store.batches).toEqual([3, 1]);
});

test("any other command writes the pending lines first, so it is heard after them", () => {
  const { service, store, heard, lobby, onDisk } = boot();
  const a = lobby("Ana");
  accepted(service.dispatch(a.code, say(a.host, "before the join")));
  accepted(service.dispatch(a.code, { type: "join", playerId: "cy", name: "Cy" }));
  expect(store.batches).toEqual([1]);
  expect(heard).toEqual(["AAAA chat-message before the join", "AAAA player-joined player-joined"]);
  expect(onDisk().AAAA).toEqual(["before the join"]);
});

test("reading a lobby (snapshots, pages, REST) writes pending lines first: nothing undurable is shown", () => {
  const { service, store, lobby, onDisk } = boot();
  const a = lobby("Ana");
  accepted(service.dispatch(a.code, say(a.host, "seen in a snapshot")));
  expect(service.get(a.code)!.chat.map((m) => m.message)).toEqual(["seen in a snapshot"]);
  expect(store.batches).toEqual([1]);
  expect(onDisk().AAAA).toEqual(["seen in a snapshot"]);
});

test("a transaction that fails tells no one and is logged; later lines still go through", () => {
  const { service, store, heard, endTurn, lobby, logged, onDisk } = boot();
  const a = lobby("Ana");
  store.failing = true;
  accepted(service.dispatch(a.code, say(a.host, "lost")));
  endTurn();
  expect(heard).toEqual([]);
  expect(logged).toEqual([expect.stringContaining("could not save 1 line(s)")]);

  store.failing = false;
  accepted(service.dispatch(a.code, say(a.host, "kept")));
  endTurn();
  expect(heard).toEqual(["AAAA chat-message kept"]);
  expect(onDisk().AAAA).toEqual(["kept"]);
});

test("shutdown writes what is pending", () => {
  const { service, turnEnds, lobby, onDisk } = boot();
  const a = lobby("Ana");
  accepted(service.dispatch(a.code, say(a.host, "last words")));
  expect(turnEnds).toHaveLength(1);
  service.shutdown();
  expect(onDisk().AAAA).toEqual(["last words"]);
});
