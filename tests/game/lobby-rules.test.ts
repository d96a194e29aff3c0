// Membership, teams, settings, chat and presence, through reduce(), against docs/rules.md.
import { describe, expect, test } from "bun:test";
import { ROUND_TIMER } from "../../src/game/effects";
import fc from "fast-check";
import { blankChat, chatText, createLobby } from "../../src/game/lobby-rules";
import type { ChatMessage, LobbyState, SettingsInput, Team } from "../../src/game/types";
import { reduce } from "../../src/game/reduce";
import { lobbyView } from "../../src/game/views";
import { accepted, emits, emitted, expectRefused, game, HOST, lobby, ofType, pid, run, T0 } from "../support/builders";

const teamIds = (state: LobbyState, team: Team) => state.players.filter((p) => p.team === team).map((p) => p.id);
const player = (state: LobbyState, id: string) => state.players.find((p) => p.id === id);
const join = (state: LobbyState, playerId: string, name: string) => run(state, { type: "join", playerId, name });

describe("join", () => {
  test("the host starts alone on blue, as host and, first on the team, its captain", () => {
    const state = createLobby("ABCD", HOST, "Host", T0);
    expect(state.players).toEqual([{ id: HOST, name: "Host", team: "blue", isCaptain: true, isHost: true, connected: false, awaySince: T0 }]);
    expect(state.settings).toEqual({ rounds: 7, roundLimit: 60, tags: ["General"] });
    expect(state.game).toBeNull();
  });

  test("a new player goes to the smaller team, blue on a tie, as a member (captain when first on it)", () => {
    let state = createLobby("ABCD", HOST, "Host", T0);
    state = join(state, "a", "A").state; // blue 1, red 0
    expect(player(state, "a")).toMatchObject({ team: "red", isCaptain: true, isHost: false });
    state = join(state, "b", "B").state; // 1-1: blue
    expect(player(state, "b")).toMatchObject({ team: "blue", isCaptain: false });
    state = join(state, "c", "C").state; // blue 2, red 1
    expect(player(state, "c")!.team).toBe("red");
  });

  test("the smaller team is chosen even when it is blue that is smaller", () => {
    let state = lobby(4); // blue host,p3; red p2,p4
    state = run(state, { type: "teamSelect", playerId: pid(3), team: "red", isCaptain: false }).state; // blue 1, red 3
    state = join(state, "x", "X").state;
    expect(player(state, "x")!.team).toBe("blue");
  });

  test("joining seats the player on their team and tells the room", () => {
    const { state, effects } = join(createLobby("ABCD", HOST, "Host", T0), "a", "Ann");
    expect(ofType(effects, "seat")).toEqual([{ type: "seat", playerId: "a", team: "red" }]);
    const [joined] = emitted(effects, "player-joined");
    expect(joined!.to).toEqual({ kind: "room" });
    expect(joined!.payload).toMatchObject({ lobby: lobbyView(state) });
  });

  test("at most 8 a team: with blue full the next player goes red, and at 16 the lobby is full", () => {
    let state = lobby(15);
    expect(teamIds(state, "blue")).toHaveLength(8);
    expect(teamIds(state, "red")).toHaveLength(7);
    state = join(state, "last", "Last").state;
    expect(player(state, "last")!.team).toBe("red");
    expect(state.players).toHaveLength(16);
    expectRefused(state, { type: "join", playerId: "extra", name: "Extra" }, "conflict");
  });

  test("a full lobby refuses with the message 'Lobby is full'", () => {
    const outcome = reduce(lobby(16), { type: "join", playerId: "extra", name: "Extra" }, { now: T0 });
    expect(outcome).toMatchObject({ ok: false, kind: "conflict", message: "Lobby is full" });
  });

  test("names are unique ignoring case (409)", () => {
    const state = lobby(3);
    expectRefused(state, { type: "join", playerId: "x", name: "host" }, "conflict");
    expectRefused(state, { type: "join", playerId: "x", name: "P2" }, "conflict");
    expectRefused(state, { type: "join", playerId: "x", name: "  p3  " }, "conflict");
  });

  test("names are trimmed and must be 1-32 characters", () => {
    const state = lobby(2);
    expect(player(join(state, "x", "   Zed  ").state, "x")!.name).toBe("Zed");
    const longest = "n".repeat(32);
    expect(player(join(state, "x", `  ${longest}  `).state, "x")!.name).toBe(longest);
    expect(player(join(state, "x", "Z").state, "x")!.name).toBe("Z");
    expectRefused(state, { type: "join", playerId: "x", name: "n".repeat(33) }, "invalid");
    expectRefused(state, { type: "join", playerId: "x", name: "" }, "invalid");
    expectRefused(state, { type: "join", playerId: "x", name: "    " }, "invalid");
  });

  test("the same player id cannot join twice", () => {
    expectRefused(lobby(2), { type: "join", playerId: pid(2), name: "Other name" }, "conflict");
  });
});

describe("leave", () => {
  test("a member leaves: unseated, and the room hears of it", () => {
    const { state, effects } = run(lobby(4), { type: "leave", playerId: pid(4) });
    expect(player(state, pid(4))).toBeUndefined();
    expect(ofType(effects, "seat")).toEqual([{ type: "seat", playerId: pid(4), team: null }]);
    expect(emitted(effects, "player-left")).toHaveLength(1);
    expect(ofType(effects, "close")).toHaveLength(0);
  });

  test("the host leaving passes host to the longest-seated player", () => {
    const { state } = run(lobby(4), { type: "leave", playerId: HOST });
    expect(state.hostId).toBe(pid(2));
    expect(player(state, pid(2))!.isHost).toBe(true);
    expect(state.players.filter((p) => p.isHost)).toHaveLength(1);
    expect(lobbyView(state).host).toEqual({ id: pid(2), name: "P2" });
  });

  test("host passes by seniority, not by team or captaincy", () => {
    let state = run(lobby(4), { type: "leave", playerId: pid(2) }).state;
    state = run(state, { type: "leave", playerId: HOST }).state;
    expect(state.hostId).toBe(pid(3));
    expect(player(state, pid(3))!.isHost).toBe(true);
  });

  test("the last player leaving ends the lobby with a close effect", () => {
    let state = lobby(2);
    state = run(state, { type: "leave", playerId: pid(2) }).state;
    const { effects } = run(state, { type: "leave", playerId: HOST });
    expect(ofType(effects, "close")).toHaveLength(1);
    expect(emitted(effects, "lobby-ended")).toHaveLength(1);
  });

  test("a stranger cannot leave", () => {
    expectRefused(lobby(3), { type: "leave", playerId: "nobody" }, "notFound");
  });
});

describe("kick", () => {
  test("only the host may kick (403)", () => {
    expectRefused(lobby(4), { type: "kick", by: pid(3), playerId: pid(4) }, "forbidden");
  });

  test("the host cannot be kicked", () => {
    const state = lobby(4);
    expectRefused(state, { type: "kick", by: HOST, playerId: HOST }, "forbidden");
    expectRefused(state, { type: "kick", by: pid(3), playerId: HOST }, "forbidden");
  });

  test("a kicked player is told, unseated and gone", () => {
    const { state, effects } = run(lobby(4), { type: "kick", by: HOST, playerId: pid(4) });
    expect(player(state, pid(4))).toBeUndefined();
    const told = emitted(effects, "you-were-kicked");
    expect(told).toHaveLength(1);
    expect(told[0]!.to).toEqual({ kind: "player", playerId: pid(4) });
    expect(ofType(effects, "seat")).toEqual([{ type: "seat", playerId: pid(4), team: null }]);
    expect(emitted(effects, "player-kicked")[0]!.to).toEqual({ kind: "room" });
  });

  test("the lobby keeps who was kicked, apart from who left, so a returning token is told why", () => {
    const kicked = run(lobby(4), { type: "kick", by: HOST, playerId: pid(4) }).state;
    expect([kicked.barred, kicked.kicked]).toEqual([[pid(4)], [pid(4)]]);
    const left = run(kicked, { type: "leave", playerId: pid(3) }).state;
    expect([left.barred, left.kicked]).toEqual([[pid(4), pid(3)], [pid(4)]]);
  });

  test("a kicked player cannot rejoin with the same id, under any name", () => {
    const { state } = run(lobby(4), { type: "kick", by: HOST, playerId: pid(4) });
    expectRefused(state, { type: "join", playerId: pid(4), name: "P4" }, "conflict");
    expectRefused(state, { type: "join", playerId: pid(4), name: "Someone else" }, "conflict");
  });

  test("kicking a stranger is refused", () => {
    expectRefused(lobby(3), { type: "kick", by: HOST, playerId: "nobody" }, "notFound");
  });
});

describe("teamSelect", () => {
  test("a full team is refused (409)", () => {
    const state = lobby(15); // blue 8, red 7
    expectRefused(state, { type: "teamSelect", playerId: pid(4), team: "blue", isCaptain: false }, "conflict");
  });

  test("moving to the other team makes a seat effect and tells the room", () => {
    const { state, effects } = run(lobby(4), { type: "teamSelect", playerId: pid(3), team: "red", isCaptain: false });
    expect(player(state, pid(3))).toMatchObject({ team: "red", isCaptain: false });
    expect(ofType(effects, "seat")).toEqual([{ type: "seat", playerId: pid(3), team: "red" }]);
    expect(emitted(effects, "player-team-changed")).toHaveLength(1);
  });

  test("becoming captain of the other team moves the player there and takes the role", () => {
    const { state, effects } = run(lobby(4), { type: "teamSelect", playerId: pid(3), team: "red", isCaptain: true });
    expect(player(state, pid(3))).toMatchObject({ team: "red", isCaptain: true });
    expect(player(state, pid(2))!.isCaptain).toBe(false);
    expect(lobbyView(state).captains.red!.id).toBe(pid(3));
    expect(ofType(effects, "seat")).toEqual([{ type: "seat", playerId: pid(3), team: "red" }]);
  });

  test("becoming captain of one's own team needs no new seat", () => {
    const { state, effects } = run(lobby(4), { type: "teamSelect", playerId: pid(3), team: "blue", isCaptain: true });
    expect(player(state, pid(3))!.isCaptain).toBe(true);
    expect(ofType(effects, "seat")).toHaveLength(0);
  });

  test("teams are locked during a game (409)", () => {
    expectRefused(game(3), { type: "teamSelect", playerId: pid(3), team: "red", isCaptain: false }, "conflict");
  });
});

describe("updateSettings", () => {
  const settle = (settings: SettingsInput) =>
    run(lobby(2), { type: "updateSettings", by: HOST, settings }).state.settings;

  test("only the host may change settings (403)", () => {
    expectRefused(lobby(3), { type: "updateSettings", by: pid(2), settings: { rounds: 5 } }, "forbidden");
  });

  test("rounds are clamped to 1-20 and a non-number becomes 1", () => {
    expect(settle({ rounds: 5 }).rounds).toBe(5);
    expect(settle({ rounds: 1 }).rounds).toBe(1);
    expect(settle({ rounds: 20 }).rounds).toBe(20);
    expect(settle({ rounds: 0 }).rounds).toBe(1);
    expect(settle({ rounds: -3 }).rounds).toBe(1);
    expect(settle({ rounds: 21 }).rounds).toBe(20);
    expect(settle({ rounds: 999 }).rounds).toBe(20);
    // What the edge makes of text that is not a number (settingsInputSchema)
    expect(settle({ rounds: Number.NaN }).rounds).toBe(1);
    expect(settle({ rounds: Number.POSITIVE_INFINITY }).rounds).toBe(1);
    expect(settle({ rounds: 7.6 }).rounds).toBe(8);
  });

  test("round limit is clamped to 15-120 s and a non-number becomes 15", () => {
    expect(settle({ roundLimit: 45 }).roundLimit).toBe(45);
    expect(settle({ roundLimit: 15 }).roundLimit).toBe(15);
    expect(settle({ roundLimit: 120 }).roundLimit).toBe(120);
    expect(settle({ roundLimit: 14 }).roundLimit).toBe(15);
    expect(settle({ roundLimit: 0 }).roundLimit).toBe(15);
    expect(settle({ roundLimit: 121 }).roundLimit).toBe(120);
    expect(settle({ roundLimit: Number.NaN }).roundLimit).toBe(15);
  });

  test("a server's own shorter minimum (ROUND_LIMIT_MIN_S) is the floor instead, and only for that server", () => {
    const settleMin = (roundLimit: number, roundLimitMin: number) => accepted(reduce(lobby(2), { type: "updateSettings", by: HOST, settings: { roundLimit } }, { now: T0, roundLimitMin })).state.settings.roundLimit;
    expect(settleMin(4, 3)).toBe(4);
    expect(settleMin(2, 3)).toBe(3);
    expect(settleMin(121, 3)).toBe(120);
    expect(settle({ roundLimit: 4 }).roundLimit).toBe(15);
  });

  test("fields not sent keep their value", () => {
    expect(settle({ rounds: 3 })).toEqual({ rounds: 3, roundLimit: 60, tags: ["General"] });
    expect(settle({ tags: ["Space"] })).toEqual({ rounds: 7, roundLimit: 60, tags: ["Space"] });
  });

  test("tags are trimmed; blanks and duplicates ignoring case are dropped", () => {
    expect(settle({ tags: ["  Science ", "", "   ", "science", "SCIENCE", "History", " history"] }).tags).toEqual(["Science", "History"]);
  });

  test("at most 10 tags", () => {
    const tags = Array.from({ length: 12 }, (_, i) => `Tag ${i + 1}`);
    expect(settle({ tags }).tags).toEqual(tags.slice(0, 10));
  });

  test("a tag has at most 40 characters", () => {
    const tags = settle({ tags: ["x".repeat(41), "Music", "y".repeat(40)] }).tags;
    expect(tags.every((t) => t.length <= 40)).toBe(true);
    expect(tags).toContain("Music");
    expect(tags).toContain("y".repeat(40));
  });

  test("an empty list, or one of blanks only, means ['General']", () => {
    expect(settle({ tags: [] }).tags).toEqual(["General"]);
    expect(settle({ tags: ["  ", ""] }).tags).toEqual(["General"]);
  });

  test("the room hears the new settings", () => {
    const { effects } = run(lobby(2), { type: "updateSettings", by: HOST, settings: { rounds: 3 } });
    const [updated] = emitted(effects, "settings-updated");
    expect(updated!.to).toEqual({ kind: "room" });
    expect(updated!.payload).toMatchObject({ lobby: { settings: { rounds: 3, roundLimit: 60, tags: ["General"] } } });
  });
});

describe("chat", () => {
  const say = (state: LobbyState, playerId: string, message: string, chatType: "team" | "game" = "game", now = T0) =>
    run(state, { type: "chat", playerId, message, chatType }, now);

  test("a blank message is refused (400)", () => {
    expectRefused(lobby(2), { type: "chat", playerId: HOST, message: "   ", chatType: "game" }, "invalid");
    expectRefused(lobby(2), { type: "chat", playerId: HOST, message: "", chatType: "team" }, "invalid");
  });

  test("a stranger cannot chat", () => {
    expectRefused(lobby(2), { type: "chat", playerId: "nobody", message: "hi", chatType: "game" }, "notFound");
  });

  test("room chat goes to the room with the message fields of SPEC section 3", () => {
    const { state, effects } = say(lobby(2), pid(2), "  hello all ", "game", T0 + 5);
    const msg: ChatMessage = { message: "hello all", playerId: pid(2), playerName: "P2", team: "red", chatType: "game", timestamp: T0 + 5 };
    expect(emitted(effects, "chat-message")).toEqual([{ type: "emit", to: { kind: "room" }, event: "chat-message", payload: msg }]);
    expect(state.chat).toEqual([msg]);
  });

  test("team chat goes only to the sender's team", () => {
    const { effects } = say(lobby(4), pid(2), "psst", "team");
    expect(emits(effects)).toHaveLength(1);
    expect(emits(effects)[0]!.to).toEqual({ kind: "team", team: "red" });
    expect(emits(effects)[0]!.payload).toMatchObject({ team: "red", chatType: "team", message: "psst" });
  });

  test("a latecomer hears none of the open round's team chat; the round after, the team's channel again", () => {
    // pid(5) joins lobby(4)'s game during round 1 and sits on blue with the host and pid(3).
    let state = run(game(2), { type: "startRound", by: HOST }).state;
    state = join(state, pid(5), "Late").state;
    expect(player(state, pid(5))!.team).toBe("blue");
    const during = emits(say(state, pid(3), "steal it", "team").effects);
    expect(during.map((e) => e.to)).toEqual([
      { kind: "player", playerId: HOST },
      { kind: "player", playerId: pid(3) },
    ]);
    state = run(state, { type: "timeUp", roundNumber: 1 }).state;
    state = run(state, { type: "judged", roundNumber: 1, verdicts: {} }).state;
    state = run(state, { type: "startRound", by: HOST }).state;
    expect(emits(say(state, pid(3), "now you too", "team").effects).map((e) => e.to)).toEqual([{ kind: "team", team: "blue" }]);
  });

  test("control characters become spaces: a line of them alone is blank", () => {
    expect(say(lobby(2), HOST, "a\u0007b\nc\u009f").state.chat[0]!.message).toBe("a b c");
    expectRefused(lobby(2), { type: "chat", playerId: HOST, message: "\u0007".repeat(500), chatType: "game" }, "invalid");
  });

  test("a message is capped at 500 characters", () => {
    const { state } = say(lobby(2), HOST, "m".repeat(700));
    expect(state.chat[0]!.message).toBe("m".repeat(500));
  });

  test("history keeps the newest 100 messages", () => {
    let state = lobby(2);
    for (let i = 1; i <= 105; i++) state = say(state, HOST, `line ${i}`).state;
    expect(state.chat).toHaveLength(100);
    expect(state.chat[0]!.message).toBe("line 6");
    expect(state.chat.at(-1)!.message).toBe("line 105");
  });
});

describe("presence", () => {
  test("a dropped connection marks the player disconnected but keeps the seat", () => {
    let state = run(lobby(3), { type: "presence", playerId: pid(3), connected: true }).state;
    expect(player(state, pid(3))!.connected).toBe(true);
    const out = run(state, { type: "presence", playerId: pid(3), connected: false });
    state = out.state;
    expect(player(state, pid(3))).toMatchObject({ connected: false, team: "blue" });
    const [gone] = emitted(out.effects, "player-disconnected");
    expect(gone!.to).toEqual({ kind: "room" });
    expect(gone!.payload).toMatchObject({ playerId: pid(3) });
  });

  test("reconnecting marks the player connected again", () => {
    const { state, effects } = run(lobby(3), { type: "presence", playerId: pid(3), connected: true });
    expect(player(state, pid(3))!.connected).toBe(true);
    expect(emits(effects)).toHaveLength(1);
    expect(emits(effects)[0]!.to).toEqual({ kind: "room" });
  });

  test("no change, no news", () => {
    const state = lobby(3);
    const out = run(state, { type: "presence", playerId: pid(3), connected: false });
    expect(out.state).toEqual(state);
    expect(out.effects).toEqual([]);
  });

  test("a stranger's presence is refused", () => {
    expectRefused(lobby(2), { type: "presence", playerId: "nobody", connected: true }, "notFound");
  });
});

describe("endLobby", () => {
  test("only the host may end the lobby (403)", () => {
    expectRefused(lobby(3), { type: "endLobby", by: pid(2) }, "forbidden");
  });

  test("ending tells the room, stops the round timer and closes the lobby", () => {
    const { effects } = run(game(3), { type: "endLobby", by: HOST });
    expect(ofType(effects, "cancel")).toEqual([{ type: "cancel", key: ROUND_TIMER }]);
    expect(emitted(effects, "lobby-ended")[0]!.to).toEqual({ kind: "room" });
    expect(ofType(effects, "close")).toHaveLength(1);
  });
});

describe("a blank chat line", () => {
  test("blankChat, the transport's cheap check, agrees with the line as kept (chatText) on any text", () => {
    const text = fc.string({ unit: fc.oneof(fc.constantFrom(" ", "\t", "\n", "\u0000", "\u0007", "\u0085", "\u009f", "\u00a0", "\u2028", "\u200b", "\ud800", "a"), fc.string({ unit: "binary", minLength: 1, maxLength: 1 })), maxLength: 12 });
    fc.assert(fc.property(text, (s) => blankChat(s) === (chatText(s) === "")), { numRuns: 2000 });
  });
});
