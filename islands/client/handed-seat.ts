// A seat the invite page's form took without scripts (src/pages/join-form.ts): the server hands its
// token over in a short-lived cookie, which is not a URL and needs no inline script. The lobby page,
// where the form's answer lands, moves it where every page looks for a seat and forgets the cookie.
// A module of its own, so only the lobby page's bundle carries it.
import { readClaims, saveSession } from "./token";

/** The cookie the token comes in. */
export const SEAT_COOKIE = "stealmate_seat";

export function adoptHandedSeat(doc: Document = document): void {
  const token = doc.cookie.match(new RegExp(`(?:^|; )${SEAT_COOKIE}=([^;]+)`))?.[1];
  if (!token) return;
  doc.cookie = `${SEAT_COOKIE}=; Max-Age=0; Path=/; SameSite=Strict`;
  const claims = readClaims(token);
  if (claims) saveSession(token, claims.lobby);
}
