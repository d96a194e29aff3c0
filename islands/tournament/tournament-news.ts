// What a Tournament's phase changes say to a screen reader (game/PhaseChange.tsx): the player's match
// and its score as a question starts, that their answer is in (a Duel's line), who won the question
// and, once the match is decided, who took it (through to the next round, or out), and the champion.
import { duelOf } from "../../src/game/duels/duel-rules";
import { champion, roundName, standingOf } from "../../src/game/tournament/bracket";
import type { PhaseNews } from "../game/PhaseChange";
import { roundNumber } from "../game/shared";
import { lockNews } from "../duels/duel-news";
import { myPair, sidesOf } from "../duels/duel-lines";
import { entrant, lower } from "./tournament-lines";

/** A page that does not know its player yet has no news for them (PhaseChange.tsx: an empty line). */
export const tournamentNews: PhaseNews = (store, phase) => {
  const lobby = store.lobby.value;
  const me = store.meId.value;
  const bracket = lobby?.gameState?.bracket;
  if (!me || !bracket) return "";
  const at = standingOf(bracket, me);
  const match = at && bracket.rounds[at.round]![at.index]!;
  const name = (round: number) => lower(roundName(bracket.rounds.length, round));
  // The player's score first.
  const score = match?.score ?? { a: 0, b: 0 };
  const [mine, theirs] = match?.a === me ? [score.a, score.b] : [score.b, score.a];
  switch (phase) {
    case "question": {
      const pair = myPair(lobby.gameState?.pairs, me);
      return `Question ${roundNumber(lobby)} started: ${pair && at ? `your ${name(at.round)} against ${entrant(bracket, pair.opponent)}, ${mine} to ${theirs}` : "you watch the live matches"}`;
    }
    case "answered":
      return lockNews(store, phase);
    case "results": {
      const result = store.lastResult.value;
      const duel = duelOf(result?.duels ?? [], me);
      const [side, other] = duel ? sidesOf(duel, me) : [];
      let line = `Question ${result?.number} over`;
      if (side && other && at) {
        line += `: ${side.points > other.points ? "you" : side.points < other.points ? other.name : "nobody"} won the question`;
        // Decided: the player went on to a later round's match (or won the final), or out.
        if (at.out) line += `, and ${other.name} the ${name(at.round)}: you are out`;
        else if (match!.winner === me) line += ": you win the tournament";
        else if (match!.a !== other.playerId && match!.b !== other.playerId) line += `, and the ${name(at.round - 1)}: through to the ${name(at.round)}`;
        else line += `; your ${name(at.round)} stands at ${mine} to ${theirs}`;
      }
      return line;
    }
    case "summary": {
      // The host may end the game before it has a champion.
      const winner = champion(bracket);
      return `Game over${winner === me ? ": you win the tournament" : winner ? `: ${entrant(bracket, winner)} is the champion` : ""}`;
    }
    default:
      return "Get ready for the first matches";
  }
};
