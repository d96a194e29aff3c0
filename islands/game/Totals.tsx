// Both teams' scores side by side: the summary's final score, and the TV's running one.
import type { Scores } from "../../src/game/types";

export function Totals({ scores, label }: { scores: Scores; label?: string }) {
  return (
    <div className="scores" role={label ? "group" : undefined} aria-label={label}>
      <div className="score b">
        Blue <strong>{scores.blue}</strong>
      </div>
      <div className="score r">
        Red <strong>{scores.red}</strong>
      </div>
    </div>
  );
}
