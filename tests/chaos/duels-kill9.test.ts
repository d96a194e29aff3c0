// A Duel survives kill -9 (docs/rules.md "Duels"): its pairings, the circle they come from and each
// player's lock are in the persisted lobby, so after a restart on the same folder the round goes on
// where it was; a lock is still its player's alone, and the round is judged into standings.
import { expect, test } from "bun:test";
import { call } from "../support/app";
import { createLobby, joinLobby, ok, startGame, startRound, submit, waitForPhase } from "../support/rest";
import { portOpen, readStore, useChaos } from "./support";

const isSnapshot = (p: any) => p?.updateType === "snapshot";
const chaos = useChaos();

test("kill -9 mid-round: the pairs, the circle and the locks come back; the round is judged into standings", async () => {
  const dir = chaos.dataDir();
  const first = await chaos.start(dir);
  const app = { url: first.url };
  const hana = await createLobby(app, "Hana", "duels");
  const code = hana.code;
  const ravi = await joinLobby(app, code, "Ravi");
  const bo = await joinLobby(app, code, "Bo");
  await startGame(app, hana, 2, 60);
  await startRound(app, hana);
  await submit(app, hana, 1, "Hana's secret guess");
  const before = (await call(app, "GET", `/api/lobby/${code}`)).body.data;
  expect(before.gameState.pairs).toEqual([
    { a: hana.id, b: ravi.id, aLocked: true, bLocked: false },
    { a: bo.id, b: null, aLocked: false, bLocked: false },
  ]);
  const sockets = [chaos.connect(first.url, "Hana", hana), chaos.connect(first.url, "Ravi", ravi, "stream")];
  await Promise.all(sockets.map((s) => s.waitFor("lobby-updated", isSnapshot, 5000)));

  await first.signal("SIGKILL");
  expect(await portOpen(first.port)).toBe(false);
  const stored = readStore(dir).lobbies.get(code);
  expect(stored?.mode).toBe("duels");
  expect(stored?.game?.circle).toEqual({ roster: [hana.id, ravi.id, bo.id], from: 1 });
  expect(stored?.game?.currentRound?.playerLocks?.[hana.id]).toMatchObject({ answer: "Hana's secret guess", isSteal: false });

  await chaos.start(dir, first.port);
  const after = (await call(app, "GET", `/api/lobby/${code}`)).body.data;
  // A restart gives the round back the time the server was down (docs/rules.md "The host runs the room"): the deadline moves on, never back.
  const strip = (g: any) => ({ ...g, currentRound: { ...g.currentRound, endsAt: 0 }, standings: g.standings.map(({ playerId, points }: any) => ({ playerId, points })) });
  expect(strip(after.gameState)).toEqual(strip(before.gameState));
  expect(after.gameState.currentRound.endsAt).toBeGreaterThanOrEqual(before.gameState.currentRound.endsAt);
  expect(after.mode).toBe("duels");
  // Back online, each page is sent its own lock and no one else's.
  const [hanaSnap, raviSnap] = await Promise.all(sockets.map((s) => s.waitFor("lobby-updated", isSnapshot, 10_000)));
  expect(hanaSnap.lock).toEqual({ answer: "Hana's secret guess", isSteal: false, playerId: hana.id });
  expect(raviSnap.lock).toBeNull();
  expect(JSON.stringify(raviSnap)).not.toContain("Hana's secret guess");

  await submit(app, ravi, 1, "", true);
  await submit(app, bo, 1, "anything");
  const judged = await waitForPhase(app, code, "results");
  expect(judged.gameState.standings.map((s: any) => s.name).sort()).toEqual(["Bo", "Hana", "Ravi"]);
  expect(judged.gameState.rounds[0].duels).toHaveLength(2);
  await ok(app, "/api/lobby/startRound", hana.token, {});
  // Round 2 turns the same circle: Bo is no longer on the bye.
  expect((await call(app, "GET", `/api/lobby/${code}`)).body.data.gameState.pairs.find((p: any) => p.b === null).a).not.toBe(bo.id);
}, 60_000);
