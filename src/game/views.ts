// What each audience may see. Every payload that leaves the server about a lobby is built here,
// so secrets (the correct answer, a team's lock, team chat) are stripped in one place.
import type { ChatMessage, DuelResult, GameState, LobbyState, Lock, Locker, Mode, Player, RoundResult, Team, TeamPlay, Winner } from "./types";
import { modeOf, paired, TEAMS } from "./types";
import { sitsOut } from "./entry-rules";
import { standingsOf, type Standing } from "./duels/standings";

/** A pairing of a paired round (Duels) as anyone may see it: who faces whom and who has locked, never what. */
export interface PairView {
  a: string;
  /** null: a bye */
  b: string | null;
  aLocked: boolean;
  bLocked: boolean;
}

/** A player as anyone may see them: not since when their seat is free, nor which device holds it (entry-rules.ts). */
export type PlayerView = Omit<Player, "awaySince" | "device">;

export interface GameView {
  phase: GameState["phase"];
  currentRoundNumber: number;
  totalRounds: number;
  /** the question is public once asked; its answer is not part of this view */
  /** `skips`: how many times the host skipped this round's question, when any (a lock names the question it answers) */
  currentRound: { number: number; question: string; category: string; endsAt: number; skips?: number } | null;
  locked: Record<Team, boolean>;
  scores: GameState["scores"];
  rounds: RoundView[];
  /** a paired round's (Duels) pairings, while one is open or being judged */
  pairs?: PairView[];
  /** a paired game's (Duels) standings: points, then steals that paid off (docs/rules.md "Duels") */
  standings?: Standing[];
  /** a Tournament's bracket: rounds of matches { a, b, winner, score }, and the entrants' names as drawn (docs/rules.md "Tournament") */
  bracket?: NonNullable<GameState["bracket"]>;
  /** the host paused the game (host-controls.ts): the clock stands still, nothing locks (always set; optional so views built by hand may leave it out) */
  paused?: boolean;
  /** server time the pause began: a paused clock shows endsAt - pausedAt; null while running */
  pausedAt?: number | null;
}

/** The host is away and someone would take over (docs/decisions.md "The host runs the room"): who, and when (server time). */
export interface HostAwayView {
  host: string;
  successor: { id: string; name: string };
  at: number;
}

export interface LobbyView {
  code: string;
  /** how the lobby plays (docs/rules.md "Modes"); absent: teams */
  mode?: Mode;
  /** everyone seated, in joining order, in a mode without teams (their team lists are empty) */
  players?: PlayerView[];
  host: { id: string; name: string };
  blueTeam: PlayerView[];
  redTeam: PlayerView[];
  captains: Record<Team, PlayerView | null>;
  /** the host when sitting out of both teams (quizmaster-rules.ts); absent otherwise */
  quizmaster?: PlayerView;
  settings: LobbyState["settings"];
  gameState: GameView | null;
  /** the host let no one new in (always set; optional so views built by hand may leave it out) */
  locked?: boolean;
  /** present only while the host is away and someone connected would take the role */
  hostAway?: HostAwayView;
}

export const teamOf = (state: LobbyState, team: Team) => state.players.filter((p) => p.team === team);
/** A loop, not find(): every command looks its player up, and find()'s callback is a closure allocated per call. */
export function findPlayer(state: LobbyState, id: string): Player | undefined {
  for (const p of state.players) if (p.id === id) return p;
  return undefined;
}
/** The longest-seated player other than `except` who is connected; with `anyone`, connected or not (who takes the host role on, host-rules.ts). */
export function successor(state: LobbyState, except: string, anyone = false): Player | undefined {
  const others = state.players.filter((p) => p.id !== except);
  return others.find((p) => p.connected) ?? (anyone ? others[0] : undefined);
}

export const captainOf = (state: LobbyState, team: Team) => state.players.find((p) => p.team === team && p.isCaptain) ?? null;

/** A copy of the player without what the room has no need of. */
export const playerView = ({ awaySince: _away, device: _device, ...p }: Player): PlayerView => p;

export function gameView(game: GameState | null): GameView | null {
  if (!game) return null;
  const round = game.currentRound;
  return {
    phase: game.phase,
    currentRoundNumber: game.currentRoundNumber,
    totalRounds: game.totalRounds,
    currentRound: round && { number: round.number, question: round.question.question, category: round.question.category, endsAt: round.endsAt, ...(round.skips ? { skips: round.skips } : {}) },
    locked: { blue: Boolean(round?.locks.blue), red: Boolean(round?.locks.red) },
    scores: { ...game.scores },
    rounds: game.rounds.map(roundView),
    paused: typeof game.pausedAt === "number",
    pausedAt: game.pausedAt ?? null,
    ...(round?.pairs && { pairs: round.pairs.map((p) => pairView(p, round.playerLocks ?? {})) }),
  };
}

const pairView = ({ a, b }: { a: string; b: string | null }, locks: Record<string, Lock>): PairView => ({ a, b, aLocked: Boolean(locks[a]), bLocked: b !== null && Boolean(locks[b]) });

/** A paired game's view: the room's game view and its standings, which name the players seated now. */
const pairedGameView = (state: LobbyState): GameView | null =>
  // A tournament ranks by its bracket, not by points: no standings.
  state.game && { ...gameView(state.game)!, ...(state.game.bracket ? { bracket: state.game.bracket } : { standings: standingsOf(state, state.game) }) };

function hostAwayView(state: LobbyState, host: Player | undefined): { hostAway?: HostAwayView } {
  const at = state.hostHandoffAt;
  if (typeof at !== "number" || !host || host.connected) return {};
  const heir = successor(state, host.id);
  return heir ? { hostAway: { host: host.name, successor: { id: heir.id, name: heir.name }, at } } : {};
}

/** The room's view: the same for every player, holds no secret. */
export function lobbyView(state: LobbyState): LobbyView {
  const host = findPlayer(state, state.hostId);
  const quizmaster = host?.team === null && !paired(state) ? { quizmaster: playerView(host) } : {};
  return {
    code: state.code,
    // Teams lobbies are as they always were (no mode: teams); the other modes say theirs and list everyone.
    ...(paired(state) && { mode: modeOf(state), players: state.players.map(playerView) }),
    host: { id: state.hostId, name: host?.name ?? "" },
    blueTeam: teamOf(state, "blue").map(playerView),
    redTeam: teamOf(state, "red").map(playerView),
    captains: { blue: mapNull(captainOf(state, "blue"), playerView), red: mapNull(captainOf(state, "red"), playerView) },
    ...quizmaster,
    settings: { ...state.settings, tags: [...state.settings.tags] },
    gameState: paired(state) ? pairedGameView(state) : gameView(state.game),
    locked: Boolean(state.locked),
    ...hostAwayView(state, host),
  };
}

const mapNull = <T, U>(value: T | null, fn: (v: T) => U): U | null => (value === null ? null : fn(value));

/** A player's own lock in a paired round (Duels): theirs alone until results. */
export function ownLockView(state: LobbyState, playerId: string): Lock | null {
  const lock = state.game?.phase === "question" || state.game?.phase === "judging" ? state.game.currentRound?.playerLocks?.[playerId] : undefined;
  return lock ? { answer: lock.answer, isSteal: lock.isSteal, playerId } : null;
}

/** The team's view of its own lock in the current round. */
export function teamLockView(state: LobbyState, team: Team | null): Lock | null {
  if (team === null) return null;
  const lock = state.game?.phase === "question" || state.game?.phase === "judging" ? state.game.currentRound?.locks[team] : undefined;
  return lock ? { answer: lock.answer, isSteal: lock.isSteal, playerId: lock.playerId } : null;
}

export const chatVisibleTo = (msg: ChatMessage, team: Team | null) => msg.chatType === "game" || msg.team === team;

/** A latecomer reads none of their team's chat from before they came (a spy would read the team's plan). */
const chatSince = (msg: ChatMessage, you: Player) => msg.chatType === "game" || you.joinedAt === undefined || msg.timestamp > you.joinedAt;

/** Everything one player needs to resume exactly where they were (refresh or reconnect). */
export interface PlayerSnapshot {
  lobby: LobbyView;
  you: PlayerView;
  lock: Lock | null;
  /** the recent messages this player may see */
  chat: ChatMessage[];
}

export function playerSnapshot(state: LobbyState, playerId: string): PlayerSnapshot | null {
  const you = findPlayer(state, playerId);
  if (!you) return null;
  return {
    lobby: lobbyView(state),
    you: playerView(you),
    // A latecomer watches the open round: their team's lock in it is not theirs to see.
    lock: state.game?.currentRound && sitsOut(you, state.game.currentRound.number) ? null : paired(state) ? ownLockView(state, playerId) : teamLockView(state, you.team),
    chat: state.chat.filter((m) => chatVisibleTo(m, you.team) && chatSince(m, you)),
  };
}

/** What the shared screen (a spectator: no seat, no team) resumes from: the room's view and its chat. */
export function watcherSnapshot(state: LobbyState) {
  return { lobby: lobbyView(state), you: null, lock: null, chat: state.chat.filter((m) => m.chatType === "game") };
}

/**
 * A judged round as clients receive it (the wire contract, docs/contract.md "Server events"): each
 * team's play in fields of its own colour (docs/decisions.md "Rules"). The rules keep it keyed by
 * team (types.ts, RoundResult); only this view flattens it.
 */
export interface RoundView {
  number: number;
  question: string;
  category: string;
  answer: string;
  blueAnswer: string | null;
  redAnswer: string | null;
  blueSteal: boolean;
  redSteal: boolean;
  blueCorrect: boolean | null;
  redCorrect: boolean | null;
  bluePointsGained: number;
  redPointsGained: number;
  winner: Winner;
  /** teams whose verdict the host overruled */
  overruled: Team[];
  /**
   * who locked each team's play and how fast; null when nobody did; absent in a round saved before it
   * was recorded. Only in a judged round: before results the room knows only that a team locked.
   */
  blueLockedBy?: Locker | null;
  redLockedBy?: Locker | null;
  /** a paired round (Duels): every pairing's plays, the same as the rules keep them (nothing in them is secret after results) */
  duels?: DuelResult[];
}

export function roundView({ number, question, category, answer, plays, winner, duels }: RoundResult): RoundView {
  const { blue, red } = plays;
  return {
    number,
    question,
    category,
    answer,
    blueAnswer: blue.answer,
    redAnswer: red.answer,
    blueSteal: blue.steal,
    redSteal: red.steal,
    blueCorrect: blue.correct,
    redCorrect: red.correct,
    bluePointsGained: blue.points,
    redPointsGained: red.points,
    winner,
    overruled: TEAMS.filter((t) => plays[t].overruled),
    ...(blue.lockedBy === undefined ? {} : { blueLockedBy: blue.lockedBy }),
    ...(red.lockedBy === undefined ? {} : { redLockedBy: red.lockedBy }),
    ...(duels && { duels }),
  };
}

/** One team's side of a round as clients receive it, whichever colour it is. */
export const playOf = (r: RoundView, team: Team): TeamPlay => ({
  answer: r[`${team}Answer`],
  steal: r[`${team}Steal`],
  correct: r[`${team}Correct`],
  points: r[`${team}PointsGained`],
  overruled: r.overruled.includes(team),
  lockedBy: r[`${team}LockedBy`],
});
