// Why the player landed back home (kicked, the lobby ended, the seat gone), said once.
import { useEffect, useState } from "react";
import { takeFlash } from "./client/flash";

/** Taken once per page: a second mount or effect run must not find it already gone. */
let taken: string | null | undefined;

export default function FlashNotice() {
  // Read after hydration: the server's render has no session storage.
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => setMessage(taken === undefined ? (taken = takeFlash()) : taken), []);
  return message ? (
    <p className="flash" role="alert">
      {message}
    </p>
  ) : null;
}
