// A Duels lobby's page: the lobby page's islands and start, bundled with a Duel's game page and party
// screen (src/pages/build.ts), so a Duel's players fetch that bundle's shared code (React included)
// while they wait in the lobby, not when the game starts (docs/decisions.md "Duels").
import "./lobby";
