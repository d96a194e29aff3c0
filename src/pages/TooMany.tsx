// The page of a code asked for once too often from one address (docs/decisions.md "Keeping strangers out").
import { Brand } from "./Brand";

export function TooMany({ className }: { className?: string }) {
  return (
    <main className={className}>
      <Brand />
      <section className="card stack center">
        <h2 className="big">Too many requests, slow down</h2>
        <p className="muted">Wait a minute, then reload this page.</p>
      </section>
    </main>
  );
}
