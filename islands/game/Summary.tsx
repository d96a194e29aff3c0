// The summary phase, loaded when it shows (docs/decisions.md "Every player gets their moment"): its
// awards, its chart and its round list are code no phone needs before the last round, so the game
// page's first download stays within its budget. Neither the server's render nor the first client
// render draws it (renderToString cannot wait for a chunk, and hydration must match); the phase
// appears once the page runs, and its chunk comes as the summary does.
import { lazy, Suspense, useEffect, useState } from "react";

const SummaryPhase = lazy(() => import("./SummaryPhase"));

export function Summary() {
  const [running, setRunning] = useState(false);
  useEffect(() => setRunning(true), []);
  // The heading stays put while the rest loads, so focus moved to it on the change stays (PhaseChange.tsx).
  return (
    <div className="stack center summary-phase">
      <h2 className="big">Game Complete!</h2>
      {running && (
        <Suspense fallback={null}>
          <SummaryPhase />
        </Suspense>
      )}
    </div>
  );
}
