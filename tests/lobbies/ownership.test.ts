// The registry over the ownership port (docs/architecture.md "The rooms"): a caller asks for a lobby
// once, however it asks, and the port says where a lobby not held here is. A fake port stands for a
// cluster's; tests/cluster plays the real one through HAProxy.
import { describe, expect, test } from "bun:test";
import { refuse, type Refusal } from "../../src/game/commands";
import { createLobby } from "../../src/game/lobby-rules";
import type { HeldLobbies, LobbyOwnership } from "../../src/lobbies/ownership";
import { LobbyService } from "../../src/lobbies/service";
import type { StoredLobby } from "../../src/lobbies/store-port";
import { FakeClock } from "../support/fake-clock";
import { FakeJudge, FakeQuestions, RecordingBroadcaster } from "../support/service-harness";
import { settling } from "../support/settle";
import { useTempStores } from "../support/temp-stores";

const temp = useTempStores("ownership");

/** A port that answers `locate` as told, and counts how often it was asked. */
class FakeOwnership implements LobbyOwnership {
  asked: string[] = [];
  held: HeldLobbies | null = null;
  constructor(private readonly answer: (code: string) => Promise<StoredLobby | null | Refusal>) {}
  async atStart(): Promise<StoredLobby[]> {
    return [];
  }
  locate(code: string) {
    this.asked.push(code);
    return this.answer(code);
  }
  serve(held: HeldLobbies): void {
    this.held = held;
  }
}

async function registry(ownership: LobbyOwnership, clock = new FakeClock()) {
  const out = new RecordingBroadcaster();
  const logged: string[] = [];
  const service = settling(await LobbyService.open({ store: temp.store(), ownership, broadcaster: out, clock, judge: new FakeJudge(), questions: new FakeQuestions(), log: (line) => logged.push(line), newCode: () => "HERE" }));
  return { service, out, logged, clock };
}

const elsewhere = (clock: FakeClock): StoredLobby => ({ state: createLobby("AWAY", "host", "Hana", clock.now()), updatedAt: clock.now() });

describe("the ownership port", () => {
  test("a lobby another node holds is taken over once, however many ask at once, then used by each", async () => {
    const clock = new FakeClock();
    const found = Promise.withResolvers<StoredLobby | null | Refusal>();
    const ownership = new FakeOwnership(() => found.promise);
    const { service, logged } = await registry(ownership, clock);
    const asks = [service.locate("away"), service.with("AWAY", (lobby) => lobby.code), service.dispatch("AWAY", { type: "join", playerId: "bea", name: "Bea" })];
    found.resolve(elsewhere(clock));
    const [located, code, joined] = await Promise.all(asks);
    expect(located).toMatchObject({ ok: true, state: { code: "AWAY" } });
    expect(code).toBe("AWAY");
    expect(joined).toMatchObject({ ok: true });
    expect(logged.filter((line) => line.includes("took over lobby AWAY"))).toHaveLength(1);
    expect(service.size).toBe(1);
    // Held here now: the port is not asked again.
    ownership.asked = [];
    expect(service.locate("AWAY")).toMatchObject({ ok: true });
    expect(ownership.asked).toEqual([]);
  });

  test("a lobby nowhere is not found, and one that cannot be had now is the port's refusal, for every way of asking", async () => {
    const answers: Record<string, () => Promise<StoredLobby | null | Refusal>> = {
      NONE: async () => null,
      MOVE: async () => refuse("unavailable", "This lobby is moving between servers; try again in a moment"),
      DOWN: () => Promise.reject(new Error("connection reset")),
    };
    const { service } = await registry(new FakeOwnership((code) => answers[code]!()));
    const ways = (code: string) => [service.locate(code), service.dispatch(code, { type: "leave", playerId: "x" }), service.with(code, () => ({ ok: true as const })), service.startGame(code, "x"), service.finishedGame(code), service.questionBook(code, "x")];
    for (const outcome of await Promise.all(ways("NONE"))) expect(outcome).toEqual(refuse("notFound", "Lobby not found"));
    for (const outcome of await Promise.all(ways("MOVE"))) expect(outcome).toEqual(refuse("unavailable", "This lobby is moving between servers; try again in a moment"));
    for (const outcome of await Promise.all(ways("DOWN"))) expect(outcome).toMatchObject({ ok: false, kind: "unavailable" });
    expect(service.size).toBe(0);
  });

  test("a lobby held here is used without asking the port", async () => {
    const ownership = new FakeOwnership(async () => null);
    const { service } = await registry(ownership);
    const created = await service.create("Hana");
    if (!created.ok) throw new Error(created.message);
    expect(service.locate("here")).toMatchObject({ ok: true, state: { code: "HERE" } });
    expect(await service.dispatch("HERE", { type: "join", playerId: "bea", name: "Bea" })).toMatchObject({ ok: true });
    expect(ownership.asked).toEqual([]);
  });

  test("the port is served the registry when it is made: it hands a lobby over in its turn, or drops it", async () => {
    const ownership = new FakeOwnership(async () => null);
    const { service, out } = await registry(ownership);
    expect(ownership.held).toBe(service);
    await service.create("Hana");
    expect(await ownership.held!.release("HERE", async () => false)).toBe(false);
    expect(service.get("HERE")).toBeDefined();
    expect(await ownership.held!.release("HERE", async () => true)).toBe(true);
    expect({ here: service.get("HERE"), moved: out.movedAway }).toEqual({ here: undefined, moved: ["HERE"] });
    expect(await service.dispatch("HERE", { type: "leave", playerId: "x" })).toEqual(refuse("notFound", "Lobby not found"));
  });
});
