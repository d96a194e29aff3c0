// The waiting animation: 0 to 3 dots, one step every 500 ms (docs/pages.md "Phases"). The dots sit beside the
// screen text rather than inside it, so the words stay exact for readers and screen readers.
import { useEffect, useState } from "react";

export const DOTS_MS = 500;

export function WaitingDots() {
  // Starts at 0 on the server and on the first client render alike, so hydration matches.
  const [count, setCount] = useState(0);
  useEffect(() => {
    const id = setInterval(() => setCount((n) => (n + 1) % 4), DOTS_MS);
    return () => clearInterval(id);
  }, []);
  return (
    <span className="dots" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <span key={i} className={i < count ? "on" : undefined} />
      ))}
    </span>
  );
}

/** A waiting message with the dots after it. */
export function Waiting({ text }: { text: string }) {
  return (
    <p className="waiting" role="status">
      {text}
      <WaitingDots />
    </p>
  );
}
