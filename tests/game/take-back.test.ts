// Taking one's own seat back from another device (docs/rules.md "Taking a seat back"), through
// reduce(): the same name, compared as names are, while every connection of the seat has been gone
// SEAT_RETURN_MS or more, and only once the player confirms (`takeBack`).
import { describe, expect, test } from "bun:test";
import type { Command } from "../../src/game/commands";
import { reduce } from "../../src/game/reduce";
import { SEAT_RETURN_MS } from "../../src/game/settings";
import type { LobbyState } from "../../src/game/types";
import { lobbyView } from "../../src/game/views";
import { emitted, expectRefused, HOST, lobby, pid, questions, run, T0 } from "../support/builders";

const AWAY = T0 + 1_000;
const away = (state: LobbyState, id: string, at = AWAY) => run(run(state, { type: "presence", playerId: id, connected: true }, at - 1).state, { type: "presence", playerId: id, connected: false }, at).state;
const back = (name: string, takeBack = true, device = "new-phone"): Command => ({ type: "join", playerId: device, name, takeBack });
const seat = (state: LobbyState, id: string) => state.players.find((p) => p.id === id)!;

describe("a free seat is offered back", () => {
  test("a join under a seat's name, the seat away 10 s or more, is refused with the seat to take back", () => {
    const state = away(lobby(4), pid(2));
    const refused = expectRefused(state, back("P2", false), "conflict", AWAY + SEAT_RETURN_MS);
    expect(refused).toMatchObject({ message: "That name is taken in this lobby", takeBack: "P2" });
  });

  test("not sooner, nor while a connection of the seat is live: the name is taken (409), nothing offered", () => {
    const state = away(lobby(4), pid(2));
    expect(expectRefused(state, back("P2"), "conflict", AWAY + SEAT_RETURN_MS - 1).takeBack).toBeUndefined();
    const live = run(state, { type: "presence", playerId: pid(2), connected: true }, AWAY + 5).state;
    expect(expectRefused(live, back("P2"), "conflict", AWAY + 60_000).takeBack).toBeUndefined();
  });

  test("a seat that never connected counts from when it was taken", () => {
    const state = run(lobby(2), { type: "join", playerId: "late", name: "Late" }, T0 + 100).state;
    expect(expectRefused(state, back("Late", false), "conflict", T0 + 100 + SEAT_RETURN_MS).takeBack).toBe("Late");
  });
});

describe("taking it back", () => {
  test("keeps the seat (id, team, captaincy, host role) and gives it to the new device; the room hears it", () => {
    const before = away(lobby(4), pid(2));
    const { state, effects } = run(before, back("p2"), AWAY + SEAT_RETURN_MS);
    expect(state.players).toHaveLength(4);
    expect(seat(state, pid(2))).toMatchObject({ id: pid(2), name: "P2", team: "red", isCaptain: true, device: "new-phone", connected: false });
    const [told] = emitted(effects, "seat-taken-back");
    expect(told!.payload).toMatchObject({ playerId: pid(2), updateType: "seat-taken-back" });
    // What the room sees of a player says nothing of devices.
    expect(JSON.stringify(lobbyView(state))).not.toContain("new-phone");
  });

  test("keeps the score share: a game in play goes on with the same seat", () => {
    let state = run(lobby(4), { type: "startGame", by: HOST, questions: questions(3) }).state;
    state = away(state, pid(3));
    const taken = run(state, back("P3"), AWAY + SEAT_RETURN_MS).state;
    expect(taken.game).toEqual(state.game);
    expect(seat(taken, pid(3)).team).toBe("blue");
  });

  test("a name that only looks like the seat's (compared as names are) takes it too", () => {
    const state = away(lobby(4), pid(2));
    const outcome = reduce(state, back("Pz"), { now: AWAY + SEAT_RETURN_MS, nameKey: (n) => n.toLowerCase().replace("2", "z") });
    expect(outcome.ok && seat(outcome.state, pid(2)).device).toBe("new-phone");
  });

  test("a locked lobby still lets a seat's owner back, and no one new in", () => {
    const locked = away(run(lobby(4), { type: "lock", by: HOST, locked: true }).state, pid(2));
    expect(run(locked, back("P2"), AWAY + SEAT_RETURN_MS).state.players).toHaveLength(4);
    expect(expectRefused(locked, back("Newcomer"), "forbidden", AWAY + SEAT_RETURN_MS).message).toBe("The host has locked this lobby");
  });

  test("a kicked player has no seat to take: their name joins as anyone's would", () => {
    const kicked = run(lobby(4), { type: "kick", by: HOST, playerId: pid(4) }).state;
    const { state } = run(kicked, back("P4"), AWAY + SEAT_RETURN_MS);
    expect(state.players.find((p) => p.name === "P4")).toMatchObject({ id: "new-phone" });
    const locked = run(kicked, { type: "lock", by: HOST, locked: true }).state;
    expectRefused(locked, back("P4"), "forbidden", AWAY + SEAT_RETURN_MS);
  });

  test("a second device taking the seat again needs the seat free for 10 s again", () => {
    const state = run(away(lobby(4), pid(2)), back("P2"), AWAY + SEAT_RETURN_MS).state;
    expectRefused(state, back("P2", true, "third-phone"), "conflict", AWAY + SEAT_RETURN_MS + 1);
    expect(run(state, back("P2", true, "third-phone"), AWAY + 2 * SEAT_RETURN_MS).state.players.find((p) => p.id === pid(2))!.device).toBe("third-phone");
  });
});
