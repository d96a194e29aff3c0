// The one entry point of the rules: reduce(state, command, { now }) -> { state, effects } or a refusal
// that leaves the state as it was. Randomness (ids, codes, question picks) arrives inside commands,
// so the rules need none and a saved command log replays exactly.
import { clockStep } from "./clock-rules";
import type { Command } from "./commands";
import { endGame } from "./end-game";
import { caseOnly, lockLobby, type NameKey } from "./entry-rules";
import { addTime, pause, skipQuestion } from "./host-controls";
import { hostGraceOver, transferHost } from "./host-rules";
import { chat, endLobby, join, kick, leave, presence, teamSelect, updateSettings } from "./lobby-rules";
import type { Outcome } from "./outcome";
import { sitOut } from "./quizmaster-rules";
import { judged, overrule, returnToLobby, startGame, startRound, submit, timeUp } from "./round-rules";
import { DEFAULT_HOST_GRACE_MS } from "./settings";
import type { LobbyState } from "./types";

export interface Context {
  now: number;
  /** how long a disconnected host keeps the role (configuration, so it arrives with the time) */
  hostGraceMs?: number;
  /** the shortest round a host may set, in seconds (ROUND_LIMIT_MIN unless ROUND_LIMIT_MIN_S lowers it) */
  roundLimitMin?: number;
  /** what names are compared by (the service injects the confusable skeleton) */
  nameKey?: NameKey;
}

export function reduce(state: LobbyState, command: Command, { now, hostGraceMs = DEFAULT_HOST_GRACE_MS, roundLimitMin, nameKey = caseOnly }: Context): Outcome {
  switch (command.type) {
    case "join":
      return join(state, command.playerId, command.name, now, nameKey, command.takeBack);
    case "lock":
      return lockLobby(state, command.by, command.locked);
    case "leave":
      return leave(state, command.playerId);
    case "kick":
      return kick(state, command.by, command.playerId);
    case "teamSelect":
      return teamSelect(state, command.playerId, command.team, command.isCaptain);
    case "sitOut":
      return sitOut(state, command.by);
    case "updateSettings":
      return updateSettings(state, command.by, command.settings, roundLimitMin);
    case "startGame":
      return startGame(state, command.by, command.questions, now, command.order);
    case "startRound":
      return startRound(state, command.by, now, command.roundNumber);
    case "submit":
      return submit(state, command, now);
    case "timeUp":
      return timeUp(state, command.roundNumber);
    case "judged":
      return judged(state, command.roundNumber, command.verdicts, command.of);
    case "overrule":
      return overrule(state, command.by, command.roundNumber, command, command.correct);
    case "returnToLobby":
      return returnToLobby(state, command.by);
    case "endGame":
      return endGame(state, command.by);
    case "endLobby":
      return endLobby(state, command.by);
    case "chat":
      return chat(state, command.playerId, command.message, command.chatType, now);
    case "presence":
      return presence(state, command.playerId, command.connected, now, hostGraceMs);
    case "transferHost":
      return transferHost(state, command.by, command.playerId);
    case "pause":
      return pause(state, command.by, command.paused, now);
    case "addTime":
      return addTime(state, command.by, command.roundNumber, command.seconds, now);
    case "skipQuestion":
      return skipQuestion(state, command.by, command.roundNumber, command.question, now);
    case "hostGraceOver":
      return hostGraceOver(state, now, hostGraceMs);
    case "clockStep":
      return clockStep(state, command.by);
  }
}
