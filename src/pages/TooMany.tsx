// The page of a code asked for once too often from one address (docs/decisions.md "Keeping strangers out").
import { TOO_MANY_REQUESTS } from "../access/rate-limit";
import { Brand } from "./Brand";

export function TooMany({ className }: { className?: string }) {
  return (
    <main className={className}>
      <Brand />
      <section className="card stack center">
        <h2 className="big">{TOO_MANY_REQUESTS}</h2>
        <p className="muted">Wait a minute, then reload this page.</p>
      </section>
    </main>
  );
}
