// A Tournament's screens (TournamentScreens.tsx), a chunk of their own loaded once the island has
// hydrated: the server renders the line below, since a lazy component in its render would make the
// client throw that render away (React error 419). What the screens show depends on the player's seat,
// which only the client knows anyway.
import { lazy, Suspense, useEffect, useState } from "react";

const TournamentScreens = lazy(() => import("./TournamentScreens"));

export function LazyScreens({ screen }: { screen: "phone" | "tv" }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const loading = <p className="muted">Loading the bracket...</p>;
  return hydrated ? <Suspense fallback={loading}><TournamentScreens screen={screen} /></Suspense> : loading;
}
