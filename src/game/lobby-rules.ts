// Membership, teams, settings, chat and presence. Pure: (state, input, now) -> outcome.
import { refuse } from "./commands";
import { lobbyEvent, ROUND_TIMER, toPlayer, toRoom, toTeam, type Effect } from "./effects";
import { handOver, hostGone, hostPresence, successor } from "./host-rules";
import { withCaptains } from "./captain-rules";
import { lateness, LOCKED, nameTaken, openRound, seatFree, seatNamed, sitsOut, takeSeatBack, type NameKey } from "./entry-rules";
import { accept, type Outcome } from "./outcome";
import { QUIZMASTER_NO_TEAM_CHAT } from "./quizmaster-rules";
import { CHAT_HISTORY, CHAT_MAX, clip, DEFAULT_SETTINGS, MAX_TEAM_SIZE, NAME_MAX, normalizeName, normalizeSettings } from "./settings";
import type { ChatMessage, LobbyState, Mode, Player, SettingsInput, Team } from "./types";
import { paired } from "./types";
import { DUEL_MAX, DUEL_MIN, NO_TEAMS } from "./duels/duel-rules";
import { findPlayer, lobbyView, playerView, teamOf } from "./views";

export function createLobby(code: string, hostId: string, hostName: string, now: number, mode: Mode = "teams"): LobbyState {
  const duel = mode !== "teams";
  // The first on a team is its captain (captain-rules.ts); a Duel has no teams.
  const host: Player = { id: hostId, name: normalizeName(hostName), team: duel ? null : "blue", isCaptain: !duel, isHost: true, connected: false, awaySince: now };
  const lobby: LobbyState = { code, hostId, players: [host], barred: [], settings: { ...DEFAULT_SETTINGS, tags: [...DEFAULT_SETTINGS.tags] }, game: null, asked: [], chat: [], createdAt: now };
  // A Teams lobby is stored as it always was (no mode: teams).
  return duel ? { ...lobby, mode } : lobby;
}

export function validName(raw: string): string | null {
  const name = normalizeName(raw);
  return name.length >= 1 && name.length <= NAME_MAX ? name : null;
}

export function join(state: LobbyState, playerId: string, rawName: string, now: number, nameKey: NameKey, takeBack = false): Outcome {
  const name = validName(rawName);
  // A seat's owner on another device is answered before the lock: a locked lobby still lets them back.
  const twin = name === null ? undefined : seatNamed(state, name, nameKey);
  if (twin) return takeBack && seatFree(twin, now) ? takeSeatBack(state, twin, playerId, now) : nameTaken(twin, name!, now);
  if (state.locked) return refuse("forbidden", LOCKED);
  if (!name) return refuse("invalid", `Name must be 1-${NAME_MAX} characters`);
  if (findPlayer(state, playerId) || state.barred.includes(playerId)) return refuse("conflict", "Already joined");
  const blue = teamOf(state, "blue").length;
  const red = teamOf(state, "red").length;
  const duel = paired(state);
  if (duel ? state.players.length >= DUEL_MAX : blue >= MAX_TEAM_SIZE && red >= MAX_TEAM_SIZE) return refuse("conflict", "Lobby is full");
  // A Duel's players are on no team: each plays for themself, in the room's channel only.
  const team: Team | null = duel ? null : blue <= red ? "blue" : "red";
  const player: Player = { id: playerId, name, team, isCaptain: false, isHost: false, connected: false, awaySince: now, ...lateness(state, now) };
  const next = withCaptains({ ...state, players: [...state.players, player] });
  return accept(next, [{ type: "seat", playerId, team: team ?? "none" }, lobbyEvent(next, "player-joined", { player: playerView(findPlayer(next, playerId)!) })]);
}

/** Removes a player (`kicked`: by the host); the host role passes on, and a game that leaves a team empty ends. */
function removePlayer(state: LobbyState, playerId: string, kicked = false): { state: LobbyState; effects: Effect[] } {
  const kickedIds = kicked ? { kicked: [...(state.kicked ?? []), playerId] } : {};
  let next: LobbyState = withCaptains({ ...state, players: state.players.filter((p) => p.id !== playerId), barred: [...state.barred, playerId], ...kickedIds });
  let effects: Effect[] = [{ type: "seat", playerId, team: null }];
  const heir = state.hostId === playerId ? successor(next, playerId, true) : undefined;
  if (heir) {
    // The longest-seated player still here (connected first) carries on hosting, so the party is not stranded.
    const moved = handOver(next, heir.id, "left");
    next = moved.state;
    effects = [...effects, ...moved.effects];
  }
  const duel = paired(next);
  const emptied = next.game && (duel ? next.players.length < DUEL_MIN : teamOf(next, "blue").length === 0 || teamOf(next, "red").length === 0);
  if (!emptied) return { state: next, effects };
  const ended = { ...next, game: null };
  const reason = duel ? "Only one player is left" : "A team has no players left";
  return { state: ended, effects: [...effects, { type: "cancel", key: ROUND_TIMER }, lobbyEvent(ended, "game-ended", { reason })] };
}

export function leave(state: LobbyState, playerId: string): Outcome {
  if (!findPlayer(state, playerId)) return refuse("notFound", "Player not found");
  if (state.players.length === 1) return endLobby(state, playerId);
  const removed = removePlayer(state, playerId);
  return accept(removed.state, [...removed.effects, lobbyEvent(removed.state, "player-left", { playerId })]);
}

export function kick(state: LobbyState, by: string, playerId: string): Outcome {
  if (by !== state.hostId) return refuse("forbidden", "Only the host can kick players");
  if (playerId === state.hostId) return refuse("forbidden", "The host cannot be kicked");
  if (!findPlayer(state, playerId)) return refuse("notFound", "Player not found");
  const removed = removePlayer(state, playerId, true);
  const told = toPlayer(playerId, "you-were-kicked", { lobbyCode: state.code });
  return accept(removed.state, [told, ...removed.effects, lobbyEvent(removed.state, "player-kicked", { playerId })]);
}

export function teamSelect(state: LobbyState, playerId: string, team: Team, isCaptain: boolean): Outcome {
  const player = findPlayer(state, playerId);
  if (!player) return refuse("notFound", "Player not found");
  if (paired(state)) return refuse("conflict", NO_TEAMS);
  if (state.game) return refuse("conflict", "Teams are locked during a game");
  if (player.team !== team && teamOf(state, team).length >= MAX_TEAM_SIZE) return refuse("conflict", "That team is full");
  if (player.team === team && player.isCaptain === isCaptain) return refuse("conflict", "Already there");
  const stepsDown = player.team === team && player.isCaptain;
  if (stepsDown && teamOf(state, team).length === 1) return refuse("conflict", "You are the only player on this team, so you stay its captain");
  // Taking the role makes the team's captain a member; whoever is left without one gets theirs
  // (captain-rules.ts), a captain stepping down passing it to the longest-seated other member.
  const players = state.players.map((p) => (p.id === playerId ? { ...p, team, isCaptain } : isCaptain && p.team === team ? { ...p, isCaptain: false } : p));
  const next = withCaptains({ ...state, players }, stepsDown ? playerId : undefined);
  const effects: Effect[] = player.team === team ? [] : [{ type: "seat", playerId, team }];
  return accept(next, [...effects, lobbyEvent(next, "player-team-changed", { playerId })]);
}

export function updateSettings(state: LobbyState, by: string, input: SettingsInput, roundLimitMin?: number): Outcome {
  if (by !== state.hostId) return refuse("forbidden", "Only the host can change settings");
  if (state.game) return refuse("conflict", "Settings are locked during a game");
  const next = { ...state, settings: normalizeSettings(input, state.settings, roundLimitMin) };
  return accept(next, [lobbyEvent(next, "settings-updated", { settings: next.settings })]);
}

/** C0 and C1 control characters, line breaks and tabs included: a chat line is one line. */
const CONTROL_CHARS = "\\u0000-\\u001f\\u007f-\\u009f";
const CONTROL = new RegExp(`[${CONTROL_CHARS}]`, "g");
/** Anything that is neither white space nor a control character: what makes a chat line not blank. */
const VISIBLE = new RegExp(`[^\\s${CONTROL_CHARS}]`);

/**
 * A chat line as it is kept: control characters made spaces, trimmed, at most CHAT_MAX; "" is a blank
 * line (the transport drops one without a word, as it always has for white space alone).
 * A control character is six bytes in JSON (\u0007): a line of them would cost every reader, and
 * every snapshot, six times its length (docs/contract.md "Backpressure and liveness").
 */
export const chatText = (text: string) => clip(text.replace(CONTROL, " ").trim(), CHAT_MAX);

/** Whether chatText(text) is "", answered without building it: the transport asks on every line. */
export const blankChat = (text: string) => !VISIBLE.test(text);

export function chat(state: LobbyState, playerId: string, text: string, chatType: ChatMessage["chatType"], now: number): Outcome {
  const player = findPlayer(state, playerId);
  if (!player) return refuse("notFound", "Player not found");
  const message = chatText(text);
  if (!message) return refuse("invalid", "Message is blank");
  if (chatType === "team" && paired(state)) return refuse("conflict", "A Duel has room chat only");
  if (chatType === "team" && player.team === null) return refuse("forbidden", QUIZMASTER_NO_TEAM_CHAT);
  const msg: ChatMessage = { message, playerId, playerName: player.name, team: player.team, chatType, timestamp: now };
  // One copy of the history, not two (slice, then spread): chat is the busiest command.
  const history = state.chat.slice(-(CHAT_HISTORY - 1));
  history.push(msg);
  const next = { ...state, chat: history };
  return accept(next, chatType === "team" && player.team ? teamChat(state, player.team, msg) : [toRoom("chat-message", msg)]);
}

/**
 * A team's line goes to the team's channel, unless a latecomer sits in it: they watch the open
 * round, so its plans are not theirs to hear (docs/rules.md "Latecomers"); then it goes to each
 * teammate who plays the round, by name. The snapshot leaves out what came before they joined (views.ts).
 */
function teamChat(state: LobbyState, team: Team, msg: ChatMessage): Effect[] {
  const open = openRound(state);
  const members = state.players.filter((p) => p.team === team);
  if (open === null || !members.some((p) => sitsOut(p, open))) return [toTeam(team, "chat-message", msg)];
  return members.filter((p) => !sitsOut(p, open)).map((p) => toPlayer(p.id, "chat-message", msg));
}

export function presence(state: LobbyState, playerId: string, connected: boolean, now: number, hostGraceMs: number): Outcome {
  const player = findPlayer(state, playerId);
  if (!player) return refuse("notFound", "Player not found");
  if (player.connected === connected) return accept(state);
  // Since when the seat has no connection at all: its owner may take it back from another device after a while (entry-rules.ts).
  const seat = (p: Player): Player => (connected ? { ...p, connected, awaySince: undefined } : { ...p, connected, awaySince: now });
  let next: LobbyState = { ...state, players: state.players.map((p) => (p.id === playerId ? seat(p) : p)) };
  let hostEffects: Effect[] = [];
  if (playerId === state.hostId) ({ state: next, effects: hostEffects } = hostPresence(next, connected, now, hostGraceMs));
  else if (connected && hostGone(next, now, hostGraceMs)) {
    // The host's grace ran out while nobody else was connected: the role goes to whoever is here now.
    ({ state: next, effects: hostEffects } = handOver(next, successor(next, next.hostId)!.id, "disconnected"));
  }
  const event = connected ? toRoom("lobby-updated", { lobby: lobbyView(next), updateType: "player-reconnected", playerId }) : lobbyEvent(next, "player-disconnected", { playerId });
  return accept(next, [...hostEffects, event]);
}

/** The lobby is over (ended by the host, or idle too long): everyone hears so, then it is forgotten. */
export const closeLobby = (state: LobbyState, reason: string): Effect[] => [{ type: "cancel", key: ROUND_TIMER }, lobbyEvent(state, "lobby-ended", { lobbyCode: state.code, reason }), { type: "close" }];

export function endLobby(state: LobbyState, by: string): Outcome {
  if (by !== state.hostId) return refuse("forbidden", "Only the host can end the lobby");
  return accept(state, closeLobby(state, "The host ended the lobby"));
}
