// A crash in the middle of a burst: several lobbies chat as fast as their sockets go while their
// captains lock answers, and the server is killed with SIGKILL part-way through. Whatever any client
// heard (a chat line delivered to anyone, a lock its team was told of, a submit answered 200) must be
// on disk, because a command's effects are released only once its commit is acknowledged
// (docs/architecture.md "The data flow"). What no one heard may or may not be there.
import { describe, expect, test } from "bun:test";
import { type Four, seatFour, startGame, startRound, submit } from "../support/rest";
import { integrityCheck, readStore, useChaos } from "./support";
import type { PlayerSocket } from "../support/player-socket";

const chaos = useChaos();
const LOBBIES = 4;
/** Lines per player: four players stay under the chat history a lobby keeps (100), so none is pruned. */
const LINES = 20;
const isSnapshot = (p: any) => p?.updateType === "snapshot";

describe("kill -9 in a burst", () => {
  test("of chat and answers across lobbies loses nothing any client heard", async () => {
    const dir = chaos.dataDir();
    const server = await chaos.start(dir);
    const app = { url: server.url };
    const lobbies: { four: Four; sockets: PlayerSocket[] }[] = [];
    for (let l = 0; l < LOBBIES; l++) {
      const four = await seatFour(app);
      await startGame(app, four.blue1, 3, 60);
      await startRound(app, four.blue1);
      const sockets = [four.blue1, four.blue2, four.red1, four.red2].map((seat, i) => chaos.connect(server.url, `L${l}P${i}`, seat));
      await Promise.all(sockets.map((s) => s.waitFor("lobby-updated", isSnapshot, 5000)));
      lobbies.push({ four, sockets });
    }

    // Everything heard, by lobby: chat lines any socket received, locks a team was told of, submits answered.
    const heardLines = new Map<string, Set<string>>();
    const heardLocks = new Map<string, Set<string>>();
    let received = 0;
    for (const { four, sockets } of lobbies) {
      heardLines.set(four.code, new Set());
      heardLocks.set(four.code, new Set());
      for (const s of sockets) {
        s.on("chat-message", (m) => {
          received++;
          heardLines.get(four.code)!.add(m.message);
        });
        s.on("team-answer-submitted", (p) => heardLocks.get(four.code)!.add(p.team));
      }
    }

    // The burst: every player sends all its lines at once; the captains lock meanwhile.
    const submits: Promise<unknown>[] = [];
    for (const { four, sockets } of lobbies) {
      for (const [i, s] of sockets.entries()) for (let n = 0; n < LINES; n++) s.emit("chat-message", { message: `${four.code}-${i}-${n}`, chatType: n % 2 ? "team" : "game" });
      for (const [seat, team] of [[four.blue1, "blue"], [four.red1, "red"]] as const) {
        submits.push(submit(app, seat, 1, `${team} answer`).then(() => heardLocks.get(four.code)!.add(team), () => {}));
      }
    }
    // Killed once some, but not all, of the burst was delivered.
    const total = LOBBIES * 4 * LINES;
    const by = Date.now() + 10_000;
    while (received < total / 4 && Date.now() < by) await Bun.sleep(1);
    await server.signal("SIGKILL");
    await Promise.all(submits);

    const heard = [...heardLines.values()].reduce((n, s) => n + s.size, 0);
    expect(heard).toBeGreaterThan(0);
    expect(integrityCheck(dir)).toBe("ok");
    const stored = readStore(dir);
    for (const { four } of lobbies) {
      const lines = new Set((stored.chat.get(four.code) ?? []).map((m) => m.message));
      const lost = [...heardLines.get(four.code)!].filter((m) => !lines.has(m));
      expect({ lobby: four.code, lost }).toEqual({ lobby: four.code, lost: [] });
      const locks = stored.lobbies.get(four.code)?.game?.currentRound?.locks ?? {};
      for (const team of heardLocks.get(four.code)!) expect({ lobby: four.code, team, locked: team in locks }).toEqual({ lobby: four.code, team, locked: true });
    }

    // And the restarted server serves exactly that: a player coming back gets every line that was heard.
    const again = await chaos.start(dir, server.port);
    for (const { four } of lobbies) {
      const back = chaos.connect(again.url, `${four.code} back`, four.blue1);
      const snapshot = await back.waitFor("lobby-updated", isSnapshot, 5000);
      const history = new Set((snapshot.chat as { message: string }[]).map((m) => m.message));
      const visibleHeard = [...heardLines.get(four.code)!].filter((m) => Number(m.split("-").at(-1)) % 2 === 0 || ["0", "1"].includes(m.split("-")[1]!));
      expect(visibleHeard.filter((m) => !history.has(m))).toEqual([]);
    }
  });
});
