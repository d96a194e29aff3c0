// The service over a store shared with other servers (docs/cluster.md): a code the store says is
// another lobby's is never given out, another is drawn; a lobby the store says moved away is dropped
// here, its waiting commands told it moved, not that it ended.
import { describe, expect, test } from "bun:test";
import type { SavedLobbies } from "../../src/lobbies/ownership";
import { StoreRefusal, type LobbyChange, type LobbyStorePort } from "../../src/lobbies/store-port";
import { accepted } from "../support/builders";
import { FakeClock } from "../support/fake-clock";
import { serviceOn } from "../support/service-harness";
import { useTempStores } from "../support/temp-stores";

const temp = useTempStores("shared-store");

/** The temp store, with the answers of a shared store: some codes taken, some lobbies moved away. */
function shared(inner: LobbyStorePort & SavedLobbies, taken: Set<string>, movedAway: Set<string>): LobbyStorePort & SavedLobbies {
  return {
    loadAll: () => inner.loadAll(),
    ownQuestions: (code) => inner.ownQuestions(code),
    ownQuestionBytesInAll: () => inner.ownQuestionBytesInAll(),
    close: () => inner.close(),
    commit(change: LobbyChange) {
      if (taken.has(change.code)) return Promise.reject(new StoreRefusal("taken", "taken"));
      if (movedAway.has(change.code)) return Promise.reject(new StoreRefusal("fenced", "This lobby moved to another server; reconnecting"));
      return inner.commit(change);
    },
  };
}

describe("a store shared with other servers", () => {
  test("a code already another server's is not given out: the next one drawn is", async () => {
    const codes = ["AAAA", "AAAA", "BBBB"];
    const { service } = await serviceOn(shared(temp.store(), new Set(["AAAA"]), new Set()), new FakeClock(), { newCode: () => codes.shift() ?? "CCCC" });
    const created = await service.create("Ann");
    expect(created.ok && created.state.code).toBe("BBBB");
    expect(service.get("AAAA")).toBeUndefined();
  });

  test("a lobby whose write is fenced is dropped here, its sockets told to come back, and what waited on it hears it moved", async () => {
    const movedAway = new Set<string>();
    const { service, out } = await serviceOn(shared(temp.store(), new Set(), movedAway), new FakeClock());
    const created = await service.create("Ann");
    if (!created.ok) throw new Error(created.message);
    const { code } = created.state;
    accepted(await service.dispatch(code, { type: "join", playerId: "bob", name: "Bob" }));
    movedAway.add(code);
    const [first, second] = await Promise.all([service.dispatch(code, { type: "join", playerId: "cy", name: "Cy" }), service.dispatch(code, { type: "join", playerId: "dee", name: "Dee" })]);
    for (const outcome of [first, second]) expect(outcome).toMatchObject({ ok: false, kind: "unavailable", message: expect.stringContaining("moved to another server") });
    expect(service.get(code)).toBeUndefined();
    expect(out.movedAway).toEqual([code]);
    expect(out.closed).toEqual([]);
    expect(service.timerCount).toBe(0);
  });
});
