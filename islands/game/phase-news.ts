// What a Teams game's phase changes say to a screen reader (PhaseChange.tsx).
import type { PhaseNews } from "./PhaseChange";
import { roundNumber, scoresOf, teamName, winnerOf } from "./shared";

export const phaseNews: PhaseNews = (store, phase) => {
  const lobby = store.lobby.value;
  const result = store.lastResult.value;
  switch (phase) {
    case "question":
      return `Round ${roundNumber(lobby)} started`;
    case "answered":
      return "Your team's answer is in";
    case "results":
      return `Round ${result?.number ?? roundNumber(lobby)} over: ${!result || result.winner === "tie" ? "a tied round" : `the round goes to ${teamName(result.winner)}`}`;
    case "summary": {
      const scores = scoresOf(lobby);
      const winner = winnerOf(scores);
      return `Game over. Blue ${scores.blue}, Red ${scores.red}. ${winner === "tie" ? "A tied game." : `${teamName(winner)} wins the game.`}`;
    }
    default:
      return `Get ready for round ${roundNumber(lobby)}`;
  }
};
