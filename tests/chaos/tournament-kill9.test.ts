// A Tournament survives kill -9 mid-match (docs/rules.md "Tournament"): the bracket, each live match's
// score, the round's pairs and its locks are in the persisted lobby, so after a restart on the same
// folder the match goes on where it was; a lock is still its player's alone, and the match is decided.
import { expect, test } from "bun:test";
import { call } from "../support/app";
import { createLobby, joinLobby, ok, startRound, submit, waitForPhase, type Seat } from "../support/rest";
import { portOpen, readStore, useChaos } from "./support";

const isSnapshot = (p: any) => p?.updateType === "snapshot";
const chaos = useChaos();

test("kill -9 mid-match: the bracket, the match scores, the pairs and the locks come back; the match is decided", async () => {
  const dir = chaos.dataDir();
  const first = await chaos.start(dir);
  const app = { url: first.url };
  const hana = await createLobby(app, "Hana", "tournament");
  const seats: Seat[] = [hana];
  for (const name of ["Ravi", "Bo", "Cy"]) seats.push(await joinLobby(app, hana.code, name));
  const code = hana.code;
  const seat = (id: string) => seats.find((s) => s.id === id)!;
  await ok(app, "/api/lobby/start", hana.token);
  const lobby = async () => (await call(app, "GET", `/api/lobby/${code}`)).body.data;
  // Side a steals, side b answers wrong (whatever the bank's question): b wins the question.
  await startRound(app, hana);
  const pairs: { a: string; b: string }[] = (await lobby()).gameState.pairs;
  expect(pairs).toHaveLength(2);
  for (const p of pairs) {
    await submit(app, seat(p.a), 1, "", true);
    await submit(app, seat(p.b), 1, "zzz not it");
  }
  await waitForPhase(app, code, "results");
  await startRound(app, hana);
  const [live] = pairs;
  const secret = "a secret guess";
  await submit(app, seat(live!.b), 2, secret);
  const before = (await lobby()).gameState;
  expect(before.bracket.rounds[0].map((m: any) => m.score)).toEqual([{ a: 0, b: 1, questions: 1 }, { a: 0, b: 1, questions: 1 }]);
  const [bSocket, aSocket] = [chaos.connect(first.url, "b", seat(live!.b)), chaos.connect(first.url, "a", seat(live!.a), "stream")];
  await Promise.all([bSocket, aSocket].map((s) => s.waitFor("lobby-updated", isSnapshot, 5000)));

  await first.signal("SIGKILL");
  expect(await portOpen(first.port)).toBe(false);
  const stored = readStore(dir).lobbies.get(code);
  expect(stored?.mode).toBe("tournament");
  expect(stored?.game?.bracket?.rounds[0]).toEqual(before.bracket.rounds[0]);
  expect(stored?.game?.currentRound?.playerLocks?.[live!.b]).toMatchObject({ answer: secret });

  await chaos.start(dir, first.port);
  // A restart gives the question back the time the server was down (docs/rules.md "The host runs the room"): the deadline moves on, never back.
  const after = (await lobby()).gameState;
  const strip = (g: any) => ({ ...g, currentRound: { ...g.currentRound, endsAt: 0 } });
  expect(strip(after)).toEqual(strip(before));
  expect(after.currentRound.endsAt).toBeGreaterThanOrEqual(before.currentRound.endsAt);
  const [bSnap, aSnap] = await Promise.all([bSocket, aSocket].map((s) => s.waitFor("lobby-updated", isSnapshot, 10_000)));
  expect(bSnap.lock).toMatchObject({ answer: secret, isSteal: false });
  expect(aSnap.lock).toBeNull();
  expect(JSON.stringify(aSnap)).not.toContain(secret);

  for (const p of pairs) {
    if (p !== live) await submit(app, seat(p.b), 2, "zzz not it either");
    await submit(app, seat(p.a), 2, "", true);
  }
  const judged = await waitForPhase(app, code, "results");
  // Both semi-finals won 2-0 by side b: the final is theirs.
  expect(judged.gameState.bracket.rounds[0].map((m: any) => m.winner)).toEqual(pairs.map((p) => p.b));
  expect(judged.gameState.bracket.rounds[1][0]).toMatchObject({ a: pairs[0]!.b, b: pairs[1]!.b, winner: null });
}, 60_000);
