// How commits are answered (docs/decisions.md "Commits off the event loop"): a row the database
// refuses refuses only its own change, a store that answers at once answers the command in the same
// turn, commands on one lobby are taken and heard in the order they came, and a lobby whose commits
// are slow (a store that answers later) holds up no other.
import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import type { ChatMessage } from "../../src/game/types";
import type { SavedLobbies } from "../../src/lobbies/ownership";
import type { LobbyChange, LobbyStorePort } from "../../src/lobbies/store-port";
import { STORAGE_FAULT_MESSAGE } from "../../src/lobbies/storage-fault";
import { accepted } from "../support/builders";
import { FakeClock } from "../support/fake-clock";
import { serviceOn, settle } from "../support/service-harness";
import { useTempStores } from "../support/temp-stores";

const temp = useTempStores("group-commit");

const line = (code: string, n: number): ChatMessage => ({ playerId: "p", playerName: "P", team: null, message: `line ${n}`, chatType: "game", timestamp: 1_700_000_000_000 + n });

/** A trigger standing in for a row the disk refuses: any chat row of this lobby is rejected. */
function refuseChatOf(path: string, code: string): void {
  const db = new Database(path);
  db.run(`CREATE TRIGGER refuse_${code} BEFORE INSERT ON chat WHEN NEW.code = '${code}' BEGIN SELECT RAISE(ABORT, 'refused row'); END`);
  db.close();
}

const chatCodes = (path: string) => {
  const db = new Database(path, { readonly: true });
  const rows = db.query("SELECT code, body FROM chat ORDER BY id").all() as { code: string; body: string }[];
  db.close();
  return rows.map((r) => `${r.code} ${(JSON.parse(r.body) as ChatMessage).message}`);
};

describe("commits", () => {
  test("changes of several lobbies in one turn: a refused row refuses only its own change", () => {
    const store = temp.store();
    refuseChatOf(temp.path(), "BADD");
    const changes: LobbyChange[] = [];
    for (let n = 0; n < 20; n++) for (const code of ["AAAA", "BADD", "CCCC"]) changes.push({ kind: "chat", code, message: line(code, n) });
    const answers = changes.map((c) => {
      try {
        return store.commit(c);
      } catch (err) {
        return String(err);
      }
    });

    for (const [i, answer] of answers.entries()) {
      const { code } = changes[i]!;
      if (code === "BADD") expect(answer).toContain("refused row");
      else expect(answer).toBe(0);
    }
    // Each good lobby's lines are all there, in order; none of the refused one's.
    const rows = chatCodes(temp.path());
    for (const code of ["AAAA", "CCCC"]) expect(rows.filter((r) => r.startsWith(code))).toEqual(Array.from({ length: 20 }, (_, n) => `${code} line ${n}`));
    expect(rows.filter((r) => r.startsWith("BADD"))).toEqual([]);
    // Each change was its own transaction, answered as it was written.
    expect(store.stats.commits).toBe(40);
    expect(store.stats.largestGroup).toBe(1);
  });

  test("on a store that answers at once, a command is answered and heard in the turn it came", async () => {
    const store = temp.store();
    const { service, out } = await serviceOn(store, new FakeClock(), { newCode: () => "NOWW" });
    const host = await service.create("Host");
    if (!host.ok) throw new Error("create refused");
    const heard = out.sent.length;
    const outcome = service.dispatch("NOWW", { type: "chat", playerId: host.playerId, message: "at once", chatType: "game" });
    expect(outcome).not.toBeInstanceOf(Promise);
    expect(outcome).toMatchObject({ ok: true });
    expect(out.sent.slice(heard).map((s) => s.event)).toEqual(["chat-message"]);
    expect(service.get("NOWW")!.chat.map((m) => m.message)).toEqual(["at once"]);
  });

  test("a lobby set aside in the same group as another lobby's commands: each answered on its own", async () => {
    const store = temp.store();
    const clock = new FakeClock();
    const { service } = await serviceOn(store, clock, { newCode: (() => { const codes = ["SICK", "WELL"]; return () => codes.shift()!; })() });
    const sick = await service.create("Sick");
    const well = await service.create("Well");
    if (!sick.ok || !well.ok) throw new Error("create refused");
    accepted(await service.dispatch("SICK", { type: "chat", playerId: sick.playerId, message: "before", chatType: "game" }));
    const group = [store.commit({ kind: "quarantine", code: "SICK", reason: "a test" }), ...Array.from({ length: 5 }, (_, n) => service.dispatch("WELL", { type: "chat", playerId: well.playerId, message: `well ${n}`, chatType: "game" }))];
    const [quarantined, ...chats] = await Promise.all(group);
    expect(quarantined).toBe(0);
    for (const outcome of chats) expect(outcome).toMatchObject({ ok: true });
    const db = new Database(temp.path(), { readonly: true });
    expect(db.query("SELECT code, chat FROM quarantine").all()).toEqual([{ code: "SICK", chat: expect.stringContaining("before") }]);
    expect(db.query("SELECT code FROM lobbies").all()).toEqual([{ code: "WELL" }]);
    db.close();
    expect(service.get("WELL")!.chat.map((m) => m.message)).toEqual(["well 0", "well 1", "well 2", "well 3", "well 4"]);
  });

  test("a refused chat row is a 503 with nothing changed and nobody told; the lobbies beside it are not touched", async () => {
    const store = temp.store();
    const clock = new FakeClock();
    const codes = ["BADD", "GOOD"];
    const { service, out } = await serviceOn(store, clock, { newCode: () => codes.shift()! });
    const bad = await service.create("Bad");
    const good = await service.create("Good");
    if (!bad.ok || !good.ok) throw new Error("create refused");
    refuseChatOf(temp.path(), "BADD");
    const before = service.get("BADD");
    const heard = out.sent.length;
    const [refused, taken] = await Promise.all([
      service.dispatch("BADD", { type: "chat", playerId: bad.playerId, message: "lost?", chatType: "game" }),
      service.dispatch("GOOD", { type: "chat", playerId: good.playerId, message: "kept", chatType: "game" }),
    ]);
    expect(refused).toEqual({ ok: false, kind: "unavailable", message: STORAGE_FAULT_MESSAGE });
    expect(taken).toMatchObject({ ok: true });
    expect(service.get("BADD")).toBe(before);
    expect(out.sent.slice(heard).map((s) => s.code)).toEqual(["GOOD"]);
  });
});

/** Turns of the event loop: a held commit keeps the service busy, so settle() would wait on it. */
async function turns(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** Turns until `done` holds. */
async function until(done: () => boolean): Promise<void> {
  const by = performance.now() + 2000;
  while (!done()) {
    if (performance.now() > by) throw new Error("not reached in 2 s");
    await turns(1);
  }
}

/** A store port whose commits of one lobby wait until released, to see who waits on whom. */
class HeldStore implements LobbyStorePort, SavedLobbies {
  private held: (() => void)[] = [];
  /** the lobby whose commits wait */
  holding: string | null = null;
  constructor(private readonly inner: LobbyStorePort & SavedLobbies) {}
  loadAll = () => this.inner.loadAll();
  ownQuestions = (code: string) => this.inner.ownQuestions(code);
  ownQuestionBytesInAll = () => this.inner.ownQuestionBytesInAll();
  close = () => this.inner.close();
  commit(change: LobbyChange): number | Promise<number> {
    if (change.code !== this.holding) return this.inner.commit(change);
    return new Promise<void>((resolve) => this.held.push(resolve)).then(() => this.inner.commit(change));
  }
  release(): void {
    for (const go of this.held.splice(0)) go();
  }
  get waiting(): number {
    return this.held.length;
  }
}

describe("a queue per lobby", () => {
  test("commands on one lobby are reduced, committed and heard in the order they came; another lobby never waits on it", async () => {
    const clock = new FakeClock();
    const store = new HeldStore(temp.store());
    const codes = ["SLOW", "FAST"];
    const { service, out } = await serviceOn(store, clock, { newCode: () => codes.shift()! });
    const slow = await service.create("Slow");
    const fast = await service.create("Fast");
    if (!slow.ok || !fast.ok) throw new Error("create refused");
    store.holding = "SLOW";

    let answered = 0;
    const sent = Array.from({ length: 10 }, (_, n) => Promise.resolve(service.dispatch("SLOW", { type: "chat", playerId: slow.playerId, message: `slow ${n}`, chatType: "game" })).then((o) => (answered++, o)));
    await turns(5);
    // One commit of the slow lobby is out; the nine behind it wait their turn, unreduced.
    expect(store.waiting).toBe(1);
    expect(service.get("SLOW")!.chat).toEqual([]);
    // The other lobby is served meanwhile, and heard at once.
    accepted(await service.dispatch("FAST", { type: "chat", playerId: fast.playerId, message: "fast", chatType: "game" }));
    expect(out.sent.filter((s) => s.event === "chat-message").map((s) => s.code)).toEqual(["FAST"]);

    // Released one at a time: each commit answered lets the next command be reduced and sent.
    for (let i = 1; i <= 10; i++) {
      store.release();
      await until(() => answered === i && (i === 10 || store.waiting === 1));
    }
    for (const outcome of await Promise.all(sent)) expect(outcome).toMatchObject({ ok: true });
    const heard = out.sent.filter((s) => s.code === "SLOW" && s.event === "chat-message").map((s) => (s.payload as { message: string }).message);
    expect(heard).toEqual(Array.from({ length: 10 }, (_, n) => `slow ${n}`));
    expect(service.get("SLOW")!.chat.map((m) => m.message)).toEqual(heard);
  });
});
