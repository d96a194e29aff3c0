// A Tournament lobby's page: the lobby page's islands and start, bundled with a Tournament's game page
// and party screen (src/pages/build.ts), so its players fetch that bundle's shared code while they wait
// in the lobby (docs/decisions.md "Tournament").
import "./lobby";
