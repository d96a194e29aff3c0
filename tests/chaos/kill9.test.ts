// Crash rehearsal: the real server process is killed with SIGKILL (no handler runs, nothing is
// flushed on the way out) and started again on the same DATA_DIR and port. What was committed
// before the kill must come back exactly: lobby, seats, tokens, the running round and its deadline,
// the team's lock, the chat. (A kill keeps the OS's file cache; a real power cut may also lose the
// last commits not yet synced, the synchronous=NORMAL trade of docs/decisions.md, Storage.)
// The deadline must survive a restart in wall-clock time, which no fake clock in this process can
// show: so the round is a short one (tests/support/short-timings.ts) and its seconds are waited out.
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync, statSync } from "node:fs";
import { call } from "../support/app";
import { within } from "../support/sockets";
import { type Four, ok, seatFour, startGame, startRound, submit, teamSelect } from "../support/rest";
import { dbFile, integrityCheck, portOpen, readStore, secretFile, useChaos, type ServerProcess } from "./support";
import type { PlayerSocket } from "../support/player-socket";
import { SHORT_ROUND_S, SHORT_ROUNDS_ENV } from "../support/short-timings";

const isSnapshot = (p: any) => p?.updateType === "snapshot";
/** The power cut comes this long before round 2's deadline (a round of SHORT_ROUND_S). */
const KILL_BEFORE_DEADLINE_MS = 6_500;
const withoutPresence = (players: any[]) => players.map(({ connected: _c, ...p }) => p);

const chaos = useChaos();
const { start, connect } = chaos;

/** Sends a chat line and waits until everyone who may read it has it: it is committed by then. */
async function say(from: PlayerSocket, message: string, chatType: "team" | "game", readers: PlayerSocket[]): Promise<void> {
  from.emit("chat-message", { message, chatType });
  await Promise.all(readers.map((r) => r.waitFor("chat-message", (m) => m?.message === message)));
}

async function kill9(server: ServerProcess): Promise<void> {
  const { signal } = await server.signal("SIGKILL");
  expect(signal).toBe("SIGKILL");
  expect(await portOpen(server.port)).toBe(false);
}

describe("kill -9", () => {
  test("in the middle of round 2: lobby, tokens, deadline, lock and chat come back; clients resync; the round ends on time", async () => {
    const dir = chaos.dataDir();
    const first = await start(dir, 0, SHORT_ROUNDS_ENV);
    const app = { url: first.url };

    // The secret was generated on first start, readable by the server's user only.
    const secret = readFileSync(secretFile(dir), "utf8");
    expect(secret.trim().length).toBeGreaterThanOrEqual(32);
    expect(statSync(secretFile(dir)).mode & 0o777).toBe(0o600);
    expect(existsSync(`${secretFile(dir)}.tmp`)).toBe(false);

    // --- a game under way ------------------------------------------------------------------------
    const four: Four = await seatFour(app); // Hana host + blue captain, Bo blue; Ravi red captain, Rue red
    const { code } = four;
    await startGame(app, four.blue1, 3, SHORT_ROUND_S);
    // Half of them on the fallback: both transports must find the server again.
    const hana = connect(first.url, "Hana(blue)", four.blue1);
    const bo = connect(first.url, "Bo(blue, stream)", four.blue2, "stream");
    const ravi = connect(first.url, "Ravi(red)", four.red1);
    const rue = connect(first.url, "Rue(red, stream)", four.red2, "stream");
    const all = [hana, bo, ravi, rue];
    const blue = [hana, bo];
    const red = [ravi, rue];
    await Promise.all(all.map((s) => s.waitFor("lobby-updated", isSnapshot, 5000)));

    const r1 = await startRound(app, four.blue1);
    expect(r1.roundNumber).toBe(1);
    await submit(app, four.blue1, 1, "Blue's first guess");
    await submit(app, four.red1, 1, "", true);
    const results1 = await Promise.all(all.map((s) => s.waitFor("round-results", () => true, 5000)));
    expect(results1[0].round.number).toBe(1);

    const sent: { message: string; chatType: "team" | "game"; team: "blue" | "red" }[] = [];
    const chat = async (from: PlayerSocket, team: "blue" | "red", message: string, chatType: "team" | "game") => {
      await say(from, message, chatType, chatType === "game" ? all : team === "blue" ? blue : red);
      sent.push({ message, chatType, team });
    };
    await chat(hana, "blue", "gg round one", "game");

    const r2 = await startRound(app, four.blue1);
    expect(r2.roundNumber).toBe(2);
    const savedEndsAt = r2.endsAt;
    await submit(app, four.blue2, 2, "Blue round two answer");
    await Promise.all(blue.map((s) => s.waitFor("team-answer-submitted", (p) => p.roundNumber === 2 && p.answer === "Blue round two answer")));
    await chat(hana, "blue", "blue: we locked, act unsure", "team");
    await chat(ravi, "red", "red: they locked already, steal?", "team");
    await chat(bo, "blue", "room: no idea honestly", "game");
    await chat(rue, "red", "room: we have it", "game");
    await chat(rue, "red", "red: let's wait", "team");
    await chat(hana, "blue", "room: a few seconds left!", "game");

    const before = (await call(app, "GET", `/api/lobby/${code}`)).body.data;
    expect(before.gameState).toMatchObject({ phase: "question", currentRoundNumber: 2, locked: { blue: true, red: false } });

    // --- power cut, well into the round ---------------------------------------------------------------
    // Late enough that a restart that re-armed a full round limit (instead of the saved endsAt) would
    // end the round seconds late, well outside the tolerance checked below. The server's real clock
    // is what is under test here, so the wait is real time.
    await Bun.sleep(Math.max(0, savedEndsAt - KILL_BEFORE_DEADLINE_MS - Date.now()));
    const killedAt = Date.now();
    await kill9(first);
    expect(savedEndsAt - Date.now()).toBeGreaterThan(KILL_BEFORE_DEADLINE_MS - 1000); // still mid-round

    // The kill left a write-ahead log behind: opening the file has to recover from it.
    expect(statSync(`${dbFile(dir)}-wal`).size).toBeGreaterThan(0);
    expect(integrityCheck(dir)).toBe("ok");
    const stored = readStore(dir);
    expect(stored.lobbies.get(code)?.game?.currentRound).toMatchObject({ number: 2, endsAt: savedEndsAt, locks: { blue: { answer: "Blue round two answer", isSteal: false } } });
    expect(stored.lobbies.get(code)?.game?.currentRound?.locks?.red).toBeUndefined();
    expect(stored.chat.get(code)?.map((m) => m.message)).toEqual(sent.map((m) => m.message));

    // --- back up on the same folder and port ---------------------------------------------------------
    const spawnedAt = Date.now();
    const second = await start(dir, first.port, SHORT_ROUNDS_ENV);
    expect(second.port).toBe(first.port);
    const restartedAt = Date.now();
    expect(readFileSync(secretFile(dir), "utf8")).toBe(secret); // reused, not regenerated
    expect(statSync(secretFile(dir)).mode & 0o777).toBe(0o600);

    const after = (await call(app, "GET", `/api/lobby/${code}`)).body.data;
    expect(after.code).toBe(code);
    expect(after.host).toEqual(before.host);
    expect(withoutPresence(after.blueTeam)).toEqual(withoutPresence(before.blueTeam));
    expect(withoutPresence(after.redTeam)).toEqual(withoutPresence(before.redTeam));
    expect(after.captains.blue.id).toBe(four.blue1.id);
    expect(after.captains.red.id).toBe(four.red1.id);
    expect(after.settings).toEqual(before.settings);
    expect(after.settings).toMatchObject({ rounds: 3, roundLimit: SHORT_ROUND_S });
    // The round got back the time the server was down (docs/decisions.md "The host runs the room"):
    // from its last heartbeat (at most 250 ms before the kill) to its start.
    const endsAt = after.gameState.currentRound.endsAt;
    expect(endsAt - savedEndsAt).toBeGreaterThanOrEqual(spawnedAt - killedAt);
    expect(endsAt - savedEndsAt).toBeLessThanOrEqual(restartedAt - killedAt + 300);
    expect(after.gameState).toEqual({ ...before.gameState, currentRound: { ...before.gameState.currentRound, endsAt } });
    expect(after.gameState.rounds).toHaveLength(1);
    expect(after.gameState.rounds[0]).toEqual(results1[0].round);

    // Tokens signed before the kill still open the lobby (same secret, same seats).
    for (const seat of [four.blue1, four.blue2, four.red1, four.red2]) {
      const res = await call(app, "GET", `/api/lobby/${code}`, { token: seat.token });
      expect(res.status).toBe(200);
    }

    // The clients found the server again on their own and were sent a fresh snapshot.
    const snaps = await Promise.all(all.map((s) => s.waitFor("lobby-updated", isSnapshot, 5000)));
    for (const [i, s] of all.entries()) {
      expect(s.connects).toBe(2);
      expect(s.disconnects).toEqual(["transport close"]);
      const snap = snaps[i];
      const team: "blue" | "red" = blue.includes(s) ? "blue" : "red";
      expect(snap.lobby.code).toBe(code);
      expect(snap.you.connected).toBe(true);
      expect(snap.lobby.gameState).toMatchObject({ phase: "question", currentRoundNumber: 2, locked: { blue: true, red: false } });
      expect(snap.lobby.gameState.currentRound.endsAt).toBe(endsAt);
      expect(snap.lobby.gameState.scores).toEqual(before.gameState.scores);
      expect(snap.lock).toEqual(team === "blue" ? { answer: "Blue round two answer", isSteal: false, playerId: four.blue2.id } : null);
      const visible = sent.filter((m) => m.chatType === "game" || m.team === team).map((m) => m.message);
      expect(snap.chat.map((m: any) => m.message)).toEqual(visible);
    }
    const rejoined = (await call(app, "GET", `/api/lobby/${code}`)).body.data;
    expect([...rejoined.blueTeam, ...rejoined.redTeam].every((p: any) => p.connected)).toBe(true);

    // Blue's lock holds: a second answer for blue is refused (red stays silent, so the clock ends it).
    const again = await call(app, "POST", "/api/lobby/submitAnswer", { token: four.blue1.token, body: { roundNumber: 2, answer: "again", isSteal: false } });
    expect(again.status).toBe(409);

    // --- the round ends at the deadline saved before the kill, moved by the downtime --------------------
    const from = all.map((s) => s.mark());
    const wait = () => Math.max(100, endsAt + 3000 - Date.now());
    await Promise.all(all.map((s) => s.waitFor("round-timeup", (p) => p.roundNumber === 2, wait())));
    const results2 = await Promise.all(all.map((s) => s.waitFor("round-results", (p) => p.round.number === 2, wait())));
    for (const [i, s] of all.entries()) {
      for (const event of ["round-timeup", "round-results"]) {
        const at = s.arrivalOf(event, from[i])!;
        expect(at).toBeGreaterThanOrEqual(endsAt - 50);
        expect(at).toBeLessThanOrEqual(endsAt + 2000);
      }
    }
    const round2 = results2[0].round;
    expect(round2).toMatchObject({ number: 2, blueAnswer: "Blue round two answer", blueSteal: false, redAnswer: null, redSteal: false });
    expect(results2[0].scores).toEqual({
      blue: before.gameState.scores.blue + round2.bluePointsGained,
      red: before.gameState.scores.red + round2.redPointsGained,
    });
    console.log(
      `kill -9 mid-round: killed ${savedEndsAt - killedAt} ms before the deadline, back up in ${restartedAt - killedAt} ms, ` +
        `round-timeup ${Math.max(...all.map((s, i) => s.arrivalOf("round-timeup", from[i])! - endsAt))} ms after endsAt at worst`,
    );
  }, 60_000);

  test("during a burst of chat and team switches: the file checks ok, every lobby is served, nothing acknowledged is lost", async () => {
    const dir = chaos.dataDir();
    const first = await start(dir);
    const app = { url: first.url };
    const LOBBIES = 4;
    const CHATS = 200;
    const SWITCHES = 15;
    const BACKLOG = 48;
    const KILL_AFTER_CHATS = 100;
    const KILL_AFTER_SWITCHES = 16;

    const parties = await Promise.all(Array.from({ length: LOBBIES }, () => seatFour(app)));
    const players = parties.map((four) => {
      const seats = [four.blue1, four.red1, four.blue2, four.red2];
      return seats.map((seat, i) => connect(first.url, `${four.code}:${seat.name}`, seat, i % 2 ? "stream" : "websocket"));
    });
    await Promise.all(chaos.sockets().map((s) => s.waitFor("lobby-updated", isSnapshot, 5000)));

    // Acknowledged = seen by some client (the server commits before it tells anyone).
    const seen = new Map<string, Set<string>>(parties.map((p) => [p.code, new Set<string>()]));
    let seenCount = 0;
    let sentCount = 0;
    let switchesAcked = 0;
    let killed = false;
    /** Wakes whoever waits for the next chat line seen or for the kill. */
    let progressed: () => void = () => {};
    const progress = () => new Promise<void>((resolve) => (progressed = resolve));
    let onKill: () => void = () => {};
    const killedNow = new Promise<void>((resolve) => (onKill = resolve));
    /** how many times each client had lost its connection when the kill was sent */
    const dropsAtKill = new Map<PlayerSocket, number>();
    // The kill lands while the server is working through a backlog of both kinds of write.
    const maybeKill = () => {
      if (killed || seenCount < KILL_AFTER_CHATS || switchesAcked < KILL_AFTER_SWITCHES) return;
      killed = true;
      for (const s of chaos.sockets()) dropsAtKill.set(s, s.disconnects.length);
      first.proc.kill("SIGKILL");
      progressed();
      onKill();
    };
    for (const [l, group] of players.entries()) {
      for (const s of group) {
        s.on("chat-message", (m: any) => {
          const lobbySeen = seen.get(parties[l]!.code)!;
          if (lobbySeen.has(m.message)) return;
          lobbySeen.add(m.message);
          seenCount++;
          progressed();
          maybeKill();
        });
      }
    }
    /** what each player saw before the kill, to compare with what they are sent after it */
    const logBeforeKill = new Map<PlayerSocket, number>();

    // Lines from all 16 sockets in turn, up to BACKLOG of them not yet seen back at any time.
    const chats = (async () => {
      const senders = players.flat();
      for (let i = 0; i < CHATS && !killed; i++) {
        while (sentCount - seenCount >= BACKLOG && !killed) await progress();
        if (killed) break;
        senders[i % senders.length]!.emit("chat-message", { message: `burst-${i}`, chatType: i % 3 === 0 ? "team" : "game" });
        sentCount++;
      }
    })();

    // Bo and Rue of every lobby hop between teams, one request at a time each.
    const hops = parties.flatMap((four) =>
      [four.blue2, four.red2].map(async (seat) => {
        const initial: "blue" | "red" = seat === four.blue2 ? "blue" : "red";
        const track = { code: four.code, seat, acked: initial, inFlight: null as "blue" | "red" | null, ackedCount: 0 };
        for (let n = 0; n < SWITCHES && !killed; n++) {
          const target = track.acked === "blue" ? "red" : "blue";
          track.inFlight = target;
          try {
            await teamSelect(app, seat, target, false);
          } catch {
            break; // the server is gone: this one may or may not have been committed
          }
          track.acked = target;
          track.inFlight = null;
          track.ackedCount++;
          switchesAcked++;
          maybeKill();
        }
        return track;
      }),
    );
    const [, tracks] = await Promise.all([chats, Promise.all(hops)]);
    // Every write is answered by now; the last lines may still be on their way back to the clients.
    await within(killedNow, "the kill", 5000);
    expect(killed).toBe(true);
    const exit = await first.proc.exited;
    // Each connection ends after whatever the server sent before it died, so once all have ended
    // every line the server sent has arrived.
    await Promise.all(chaos.sockets().map((s) => s.untilDisconnected(dropsAtKill.get(s)! + 1)));
    for (const s of chaos.sockets()) logBeforeKill.set(s, s.mark());
    expect(first.proc.signalCode).toBe("SIGKILL");
    expect(exit).not.toBe(0);
    const acked = [...seen.values()].reduce((n, set) => n + set.size, 0);

    // --- the file --------------------------------------------------------------------------------------
    expect(statSync(`${dbFile(dir)}-wal`).size).toBeGreaterThan(0);
    expect(integrityCheck(dir)).toBe("ok");
    const stored = readStore(dir);
    for (const four of parties) {
      expect(stored.lobbies.has(four.code)).toBe(true);
      const texts = (stored.chat.get(four.code) ?? []).map((m) => m.message);
      expect(new Set(texts).size).toBe(texts.length);
      for (const text of texts) expect(text).toMatch(/^burst-\d+$/);
      for (const text of seen.get(four.code)!) expect(texts).toContain(text);
    }
    for (const t of tracks) {
      const player = stored.lobbies.get(t.code).players.find((p: any) => p.id === t.seat.id);
      expect([t.acked, t.inFlight]).toContain(player.team);
    }

    // --- back up: every lobby, every token, every client -------------------------------------------
    const second = await start(dir, first.port, SHORT_ROUNDS_ENV);
    for (const four of parties) {
      for (const seat of [four.blue1, four.blue2, four.red1, four.red2]) {
        const res = await call(app, "GET", `/api/lobby/${four.code}`, { token: seat.token });
        expect(res.status).toBe(200);
        expect([...res.body.data.blueTeam, ...res.body.data.redTeam]).toHaveLength(4);
      }
    }
    for (const t of tracks) {
      const res = await call(app, "GET", `/api/lobby/${t.code}`);
      const player = [...res.body.data.blueTeam, ...res.body.data.redTeam].find((p: any) => p.id === t.seat.id);
      expect([t.acked, t.inFlight]).toContain(player.team);
    }
    // Everyone is resynced, and sees again every room message they saw before the kill (captains,
    // who never moved, also their team's messages).
    await Promise.all(chaos.sockets().map((s) => s.waitFor("lobby-updated", isSnapshot, 5000)));
    for (const [l, group] of players.entries()) {
      for (const [i, s] of group.entries()) {
        const snap = s.events("lobby-updated").filter(isSnapshot).at(-1);
        expect(snap.lobby.code).toBe(parties[l]!.code);
        const restored = new Set(snap.chat.map((m: any) => m.message));
        const captain = i < 2;
        const sawBefore = s.log.slice(0, logBeforeKill.get(s)).filter((r) => r.event === "chat-message" && (captain || r.payload.chatType === "game"));
        for (const r of sawBefore) expect(restored.has(r.payload.message)).toBe(true);
      }
    }
    // And the restarted server takes writes again.
    await ok(app, "/api/lobby/updateSettings", parties[0]!.blue1.token, { settings: { rounds: 2 } });
    console.log(
      `kill -9 mid-burst: ${sentCount}/${CHATS} chat lines sent, ${acked} acknowledged before the kill; ` +
        `${tracks.reduce((n, t) => n + t.ackedCount, 0)} team switches acknowledged, ${tracks.filter((t) => t.inFlight).length} in flight; ` +
        `restarted on port ${second.port}`,
    );
  }, 40_000);
});
