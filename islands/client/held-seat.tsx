// The seat this device still holds (docs/decisions.md "The game explains itself and forgives slips: the lobby, home page and host actions"): a player who went Back, or opens the
// join link again, is offered "Back to CODE as NAME" instead of joining again and meeting their own
// name as taken. The stored token says which seat; the server says whether it is still theirs.
import { useEffect, useState } from "react";
import { api } from "./api";
import { isExpired, readClaims, storedToken } from "./token";

export interface HeldSeat {
  code: string;
  name: string;
}

/** The seat named by this device's session, once the server has confirmed it; null until then or when gone. */
export function useHeldSeat(): HeldSeat | null {
  const [seat, setSeat] = useState<HeldSeat | null>(null);
  useEffect(() => {
    const claims = readClaims(storedToken());
    if (!claims || isExpired(claims)) return;
    let live = true;
    // An authenticated look succeeds only while the seat is still in that lobby.
    void api("GET", `/api/lobby/${encodeURIComponent(claims.lobby)}`).then((res) => {
      if (live && res.success) setSeat({ code: claims.lobby, name: claims.name });
    });
    return () => void (live = false);
  }, []);
  return seat;
}

/** The link back to the held seat; the name isolated, so a right-to-left name keeps the words in order. */
export function BackToSeat({ seat }: { seat: HeldSeat }) {
  return (
    <a className="button primary" href={`/lobby/${seat.code}`}>
      {/* One flex item, so the spaces around the name are kept. */}
      <span>
        Back to {seat.code} as <bdi>{seat.name}</bdi>
      </span>
    </a>
  );
}
