// A player's action in an island: its controls stay disabled while it runs, and its refusal shows
// where they acted (refusal.tsx). One hook, so every island reads the same way.
import { useState } from "react";
import { attempt, type ApiAnswer } from "./api";
import { useRefusal } from "./refusal";

/**
 * `run(fallback, call)` disables the controls (`busy`), makes the call (logged on failure with the
 * page's own "Failed to ..." message, api.ts `attempt`) and records its refusal, or clears the last one. An action that
 * goes to another page on success (`{ leaving: true }`) keeps its controls disabled until the page
 * is gone, so a second press cannot send it twice. The refusal's own `message`, `from` (an answer
 * had without a call) and `show` are there too.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const refusal = useRefusal();
  return {
    ...refusal,
    busy,
    async run<R extends ApiAnswer & { status?: number }>(fallback: string, call: () => Promise<R>, { leaving = false } = {}): Promise<R> {
      setBusy(true);
      const res = (await attempt(fallback, call)) as R;
      refusal.from(res, fallback);
      if (!(leaving && res.success)) setBusy(false);
      return res;
    },
  };
}

export type Action = ReturnType<typeof useAction>;
