// A Duel over both transports (docs/rules.md "Duels"): the room hears who locked, only the locker
// what; nothing of an opponent's lock reaches another socket before results; the results carry every
// duel and the standings; a latecomer watches the open round and is paired from the next.
import { describe, expect, test } from "bun:test";
import { createLobby, joinLobby, ok, startGame, submit } from "../support/rest";
import { useRealtime } from "../support/party";
import { TRANSPORTS } from "../support/sockets";

for (const transport of TRANSPORTS) {
  describe(`a Duel over ${transport}`, () => {
    const { start } = useRealtime(transport);

    test("locks are the locker's alone until results; standings follow; a latecomer plays from the next round", async () => {
      const { app, clients } = await start();
      const hana = await createLobby(app, "Hana", "duels");
      const ravi = await joinLobby(app, hana.code, "Ravi");
      const bo = await joinLobby(app, hana.code, "Bo");
      const [hc, rc, bc] = await Promise.all([clients.connect("Hana", hana.token), clients.connect("Ravi", ravi.token), clients.connect("Bo", bo.token)]);
      await startGame(app, hana, 2, 30);
      const marks = [rc, bc].map((c) => c.mark());
      await ok(app, "/api/lobby/startRound", hana.token);
      const started = await rc.waitFor("round-started");
      expect(started.game.pairs).toEqual([
        { a: hana.id, b: ravi.id, aLocked: false, bLocked: false },
        { a: bo.id, b: null, aLocked: false, bLocked: false },
      ]);
      const secret = "Hana-duel-secret";
      await submit(app, hana, 1, secret);
      expect(await hc.waitFor("duel-locked", (p) => p.answer !== undefined)).toEqual({ roundNumber: 1, playerId: hana.id, answer: secret, isSteal: false });
      expect(await rc.waitFor("duel-locked")).toEqual({ roundNumber: 1, playerId: hana.id });

      // A latecomer joins mid-round: they watch it, and their snapshot holds no one's lock.
      const zed = await joinLobby(app, hana.code, "Zed");
      const zc = await clients.connect("Zed");
      const zsnap = await zc.join(zed.token);
      expect(zsnap.lock).toBeNull();
      expect(JSON.stringify(zsnap)).not.toContain(secret);
      expect((await lateLock(app, zed.token)).status).toBe(403);

      await submit(app, ravi, 1, "", true);
      await submit(app, bo, 1, "a guess");
      const results = await rc.waitFor("round-results");
      for (const [i, c] of [rc, bc].entries()) {
        const end = c.log.findIndex((r) => r.seq >= marks[i]! && r.event === "round-results");
        expect(c.json(marks[i]!, end)).not.toContain(secret);
      }
      expect(results.round.duels.map((d: any) => [d.a.name, d.b?.name ?? null])).toEqual([["Hana", "Ravi"], ["Bo", null]]);
      expect(results.standings.map((s: any) => s.name).sort()).toEqual(["Bo", "Hana", "Ravi", "Zed"]);

      await ok(app, "/api/lobby/startRound", hana.token);
      const next = await zc.waitFor("round-started");
      expect(next.game.pairs.flatMap((p: any) => [p.a, p.b])).toContain(zed.id);
    });
  });
}

/** A latecomer's lock in the round they joined during. */
function lateLock(app: { url: string }, token: string) {
  return fetch(`${app.url}/api/lobby/submitAnswer`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify({ roundNumber: 1, answer: "late", isSteal: false }) });
}
