// What a team did in a round: its answer, a STEAL marker, or 'No Answer Submitted'.
import type { Team } from "../../src/game/types";
import type { RoundView } from "../../src/game/views";
import { playOf } from "./shared";

export function Play({ result, team }: { result: RoundView; team: Team }) {
  const play = playOf(result, team);
  if (play.steal) return <span className="badge gold">STEAL</span>;
  if (play.answer === null) return <span className="muted">No Answer Submitted</span>;
  return (
    <span className="answer" dir="auto">
      {play.answer}
    </span>
  );
}
