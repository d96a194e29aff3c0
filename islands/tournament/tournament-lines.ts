// A Tournament's words (docs/pages.md "Tournament"): where a player stands in the bracket, as their
// phone says it, and the names the bracket was drawn with.
import { champion, currentRound, roundName, standingOf } from "../../src/game/tournament/bracket";
import type { GameView } from "../../src/game/views";

export type KeptBracket = NonNullable<GameView["bracket"]>;

/** A bracket entrant's name as drawn (they may have left since); a bye's place is empty. */
export const entrant = (bracket: KeptBracket, id: string | null) => (id === null ? "" : (bracket.names[id] ?? "someone"));

/** "Quarter-final" as a sentence says it mid-line. */
export const lower = (name: string) => (name.startsWith("Round") ? `round of ${name.slice(9)}` : name.toLowerCase());

/** Where `meId` stands: "Semi-final vs NAME, 1-0", "You are through", "Out in the quarter-final: watch the rest". */
export function whereLine(bracket: KeptBracket, meId: string | null): string {
  const at = meId === null ? undefined : standingOf(bracket, meId);
  if (!at) return "You joined after the draw: watch the matches and chat";
  const name = roundName(bracket.rounds.length, at.round);
  if (at.out) return name === "Final" ? "Runner-up: beaten in the final" : `Out in the ${lower(name)}: watch the rest`;
  if (champion(bracket) === meId) return "You are the champion!";
  const match = bracket.rounds[at.round]![at.index]!;
  if (match.winner === meId || currentRound(bracket) < at.round) return "You are through: wait for your next match";
  const mine = match.a === meId;
  const score = match.score ?? { a: 0, b: 0, questions: 0 };
  const [me, them] = mine ? [score.a, score.b] : [score.b, score.a];
  const sudden = score.questions >= 3 && score.a === score.b ? " (sudden death)" : "";
  return `${name} vs ${entrant(bracket, mine ? match.b : match.a)}, ${me}-${them}${sudden}`;
}
