// A Duel's round panel on a player's page: the island a Duel's game page marks where Teams' has its
// GamePanel and ScoreBoard (src/pages/Game.tsx), in the Duel's own bundle (docs/decisions.md "Duels").
// The host's controls (End Game among them) are the host's bar above it, as on a Teams page.
import DuelScreens from "./DuelScreens";

export default function DuelPanel() {
  return (
    <section className="card panel" aria-label="Round">
      <DuelScreens screen="phone" />
    </section>
  );
}
