// The host hand-off (docs/rules.md "Disconnects and the host role") through reduce(), with time passed by hand:
// grace not yet over, over, nobody connected, the host back in time, a manual hand-over.
import { describe, expect, test } from "bun:test";
import { HOST_TIMER } from "../../src/game/effects";
import type { LobbyState } from "../../src/game/types";
import { emitted, expectRefused, game, HOST, lobby, ofType, pid, run, T0 } from "../support/builders";

const GRACE = 30_000;
const online = (state: LobbyState, id: string, connected: boolean, now = T0) => run(state, { type: "presence", playerId: id, connected }, now);
const graceOver = (state: LobbyState, now: number) => run(state, { type: "hostGraceOver" }, now);
const hostOf = (state: LobbyState) => state.players.filter((p) => p.isHost).map((p) => p.id);

/** A lobby of four where everyone is connected. */
function connected(players = 4): LobbyState {
  let state = lobby(players);
  for (const p of state.players) state = online(state, p.id, true).state;
  return state;
}

describe("host hand-off", () => {
  test("the host dropping starts the grace period: a timer at now + grace, nobody told of a new host", () => {
    const { state, effects } = online(connected(), HOST, false, T0 + 5);
    expect(state.hostAwaySince).toBe(T0 + 5);
    expect(ofType(effects, "schedule")).toEqual([{ type: "schedule", key: HOST_TIMER, at: T0 + 5 + GRACE, command: { type: "hostGraceOver" } }]);
    expect(emitted(effects, "host-changed")).toHaveLength(0);
    expect(state.hostId).toBe(HOST);
  });

  test("grace not yet over: the host keeps the role", () => {
    const away = online(connected(), HOST, false).state;
    expectRefused(away, { type: "hostGraceOver" }, "conflict", T0 + GRACE - 1);
  });

  test("grace over: the longest-seated connected player becomes host, everyone is told", () => {
    let state = online(connected(), HOST, false).state;
    state = online(state, pid(2), false).state; // p2 is seated longest after the host, but away
    const { state: next, effects } = graceOver(state, T0 + GRACE);
    expect(next.hostId).toBe(pid(3));
    expect(hostOf(next)).toEqual([pid(3)]);
    expect(next.hostAwaySince).toBeNull();
    const told = emitted(effects, "host-changed");
    expect(told).toHaveLength(1);
    expect(told[0]!.to).toEqual({ kind: "room" });
    expect(told[0]!.payload).toMatchObject({ hostId: pid(3), previousHostId: HOST, reason: "disconnected", updateType: "host-changed", lobby: { host: { id: pid(3), name: "P3" } } });
  });

  test("the new host has every host control at once; the returning former host is a regular player", () => {
    let state = game(3);
    for (const p of state.players) state = online(state, p.id, true).state;
    state = online(state, HOST, false).state;
    state = graceOver(state, T0 + GRACE).state;
    expect(state.hostId).toBe(pid(2));
    state = online(state, HOST, true, T0 + GRACE + 1).state;
    expect(state.hostId).toBe(pid(2));
    expect(state.players.find((p) => p.id === HOST)!.isHost).toBe(false);
    expectRefused(state, { type: "startRound", by: HOST }, "forbidden");
    state = run(state, { type: "startRound", by: pid(2) }, T0 + GRACE + 2).state;
    expect(state.game!.phase).toBe("question");
    expectRefused(state, { type: "kick", by: HOST, playerId: pid(3) }, "forbidden");
    expect(run(state, { type: "kick", by: pid(2), playerId: pid(3) }).state.players.some((p) => p.id === pid(3))).toBe(false);
  });

  test("nobody connected when grace ends: the role waits, then goes to the first player back", () => {
    let state = lobby(4); // nobody has connected
    state = online(state, HOST, true).state;
    state = online(state, HOST, false).state;
    const waited = graceOver(state, T0 + GRACE);
    expect(waited.state.hostId).toBe(HOST);
    expect(emitted(waited.effects, "host-changed")).toHaveLength(0);
    const back = online(waited.state, pid(4), true, T0 + GRACE + 10_000);
    expect(back.state.hostId).toBe(pid(4));
    expect(emitted(back.effects, "host-changed")[0]!.payload).toMatchObject({ hostId: pid(4), reason: "disconnected" });
  });

  test("a player back before the grace ends changes nothing", () => {
    let state = lobby(4);
    state = online(state, HOST, true).state;
    state = online(state, HOST, false).state;
    const back = online(state, pid(3), true, T0 + GRACE - 1);
    expect(back.state.hostId).toBe(HOST);
    expect(emitted(back.effects, "host-changed")).toHaveLength(0);
  });

  test("the host back in time keeps the role and the timer is cancelled", () => {
    let state = online(connected(), HOST, false).state;
    const back = online(state, HOST, true, T0 + GRACE - 1);
    expect(back.state.hostAwaySince).toBeNull();
    expect(ofType(back.effects, "cancel")).toEqual([{ type: "cancel", key: HOST_TIMER }]);
    state = back.state;
    expectRefused(state, { type: "hostGraceOver" }, "conflict", T0 + GRACE);
    expect(state.hostId).toBe(HOST);
  });

  test("the host hands the role over; only the host may, and not to themself or a stranger", () => {
    const state = connected();
    expectRefused(state, { type: "transferHost", by: pid(2), playerId: pid(3) }, "forbidden");
    expectRefused(state, { type: "transferHost", by: HOST, playerId: HOST }, "conflict");
    expectRefused(state, { type: "transferHost", by: HOST, playerId: "nobody" }, "notFound");
    const { state: next, effects } = run(state, { type: "transferHost", by: HOST, playerId: pid(3) });
    expect(hostOf(next)).toEqual([pid(3)]);
    expect(emitted(effects, "host-changed")[0]!.payload).toMatchObject({ hostId: pid(3), previousHostId: HOST, reason: "handed-over" });
  });

  test("a host who leaves passes the role to the longest-seated connected player, and the room is told", () => {
    let state = connected(4);
    state = online(state, pid(2), false).state;
    const { state: next, effects } = run(state, { type: "leave", playerId: HOST });
    expect(next.hostId).toBe(pid(3));
    expect(emitted(effects, "host-changed")[0]!.payload).toMatchObject({ hostId: pid(3), previousHostId: HOST, reason: "left" });
    expect(emitted(effects, "host-changed")[0]!.payload).toMatchObject({ lobby: { blueTeam: expect.not.arrayContaining([expect.objectContaining({ id: HOST })]) } });
  });
});
