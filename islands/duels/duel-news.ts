// What a Duel's phase changes say to a screen reader (game/PhaseChange.tsx): who the player faces,
// that their answer is in (never what the opponent did before the results), their duel's result and
// place, and who won at the end.
import { duelOf } from "../../src/game/duels/duel-rules";
import type { PhaseNews } from "../game/PhaseChange";
import { roundNumber } from "../game/shared";
import { myPair, nameOf, sidesOf } from "./duel-lines";

/** "Your answer is in", or the steal the player chose; a Tournament's news says it too. */
export const lockNews: PhaseNews = (store) => `Your ${store.myLock.value?.isSteal ? "steal" : "answer"} is in`;

/** A page that does not know its player yet has no news for them (PhaseChange.tsx: an empty line). */
export const duelNews: PhaseNews = (store, phase) => {
  const lobby = store.lobby.value;
  const me = store.meId.value;
  const game = lobby?.gameState;
  if (!me || !game) return "";
  const standings = game.standings ?? [];
  const place = ` Your place: ${standings.findIndex((s) => s.playerId === me) + 1} of ${standings.length}.`;
  const result = store.lastResult.value;
  const duel = duelOf(result?.duels ?? [], me);
  const [mine, theirs] = duel ? sidesOf(duel, me) : [];
  const pair = myPair(game.pairs, me);
  switch (phase) {
    case "question":
      return `Round ${roundNumber(lobby)} started: ${!pair ? "you play from the next round" : pair.opponent ? `you face ${nameOf(lobby, pair.opponent)}` : "you have the bye"}`;
    case "answered":
      return lockNews(store, phase);
    case "results":
      // The opponent's play is on the screen from now on: the points say how the duel went.
      return `Round ${result?.number} over${!mine ? "" : theirs ? `: you ${mine.points > theirs.points ? "beat" : mine.points < theirs.points ? "lost to" : "drew with"} ${theirs.name}, ${mine.points} to ${theirs.points}` : `: +${mine.points} from the bye`}.${place}`;
    case "summary":
      return `Game over: ${standings[0]?.playerId === me ? "you win" : `${standings[0]?.name} wins`}.${place}`;
    default:
      return `Get ready for round ${roundNumber(lobby)}`;
  }
};
