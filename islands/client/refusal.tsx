// Refusals are shown where the player acted (docs/decisions.md "Staying in the game"): the server's message when it gives one,
// else the page's own "Failed to ..." wording, else a word about the network.
import { effect } from "@preact/signals-react";
import { useEffect, useState } from "react";
import type { ApiAnswer } from "./api";
import { useConnection } from "./socket-context";

export const UNREACHABLE = "Could not reach the server. Check your connection and try again.";

export function failureMessage(res: ApiAnswer & { status?: number }, fallback: string): string {
  if (typeof res.message === "string" && res.message) return res.message;
  return res.status === 0 ? UNREACHABLE : fallback;
}

/**
 * "Could not reach the server" is about the network, not the action: it goes once the connection is
 * back (the page's realtime link coming online, or the browser's online event where there is none).
 */
function useClearedOnReconnect(message: string | null, clear: () => void): void {
  const connection = useConnection();
  const unreachable = message === UNREACHABLE;
  useEffect(() => {
    if (!unreachable) return;
    let was = connection.peek()?.state.peek();
    const stop = effect(() => {
      const now = connection.value?.state.value;
      if (now === "online" && was !== "online") clear();
      was = now;
    });
    window.addEventListener("online", clear);
    return () => {
      stop();
      window.removeEventListener("online", clear);
    };
  }, [unreachable]);
}

/**
 * The message of the last failed action here: `from` records an answer (a success clears it). An
 * island whose action also disables its controls uses `useAction` (action.ts), which makes the call.
 */
export function useRefusal() {
  const [message, setMessage] = useState<string | null>(null);
  useClearedOnReconnect(message, () => setMessage(null));
  return {
    message,
    /** a refusal found on the page itself, before any call (a file that cannot be read) */
    show: (text: string) => setMessage(text),
    from(res: ApiAnswer & { status?: number }, fallback: string): boolean {
      setMessage(res.success ? null : failureMessage(res, fallback));
      return res.success;
    },
  };
}

export function Refusal({ message }: { message: string | null }) {
  return message ? (
    <p className="refusal" role="alert">
      {message}
    </p>
  ) : null;
}
