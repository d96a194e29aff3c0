// A Duel's screens, loaded on their own (docs/decisions.md "Duels"): the game page's first download
// is Teams' and stays within its budget; a Duel's phone and TV views come as a chunk of their own
// when a Duel's page runs. As with the summary (islands/game/Summary.tsx), neither the server's render
// nor the first client render draws them (renderToString cannot wait for a chunk, and hydration must
// match): they appear once the page runs.
import { lazy, Suspense, useEffect, useState } from "react";

const DuelScreens = lazy(() => import("./DuelScreens"));

export function Duels({ screen }: { screen: "phone" | "tv" }) {
  const [running, setRunning] = useState(false);
  useEffect(() => setRunning(true), []);
  return running ? (
    <Suspense fallback={null}>
      <DuelScreens screen={screen} />
    </Suspense>
  ) : null;
}
