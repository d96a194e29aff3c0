// The page of a lobby on its way between two servers of a cluster (docs/cluster.md "Owning a
// lobby"): it says so, and the browser asks again by itself (the answer's Refresh header).
import { Brand } from "./Brand";

/** Seconds before the browser loads the page again. */
export const MOVING_RETRY_S = 2;

export function Moving({ message }: { message: string }) {
  return (
    <main>
      <Brand />
      <section className="card stack center">
        <h2 className="big">Just a moment</h2>
        <p>{message}</p>
        <p className="muted">This page loads again by itself.</p>
      </section>
    </main>
  );
}
