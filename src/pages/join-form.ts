// The invite page's form, posted by a browser that has no script yet (or none at all): it seats the
// guest exactly as the REST join does (src/api/seating.ts), after the same checks in the same order
// (the origin, the address's join budget, the body), and answers 303 to the lobby's page. A refusal
// is the invite page again, with the refusal under the form and the name as typed
// (docs/pages.md "Home"). The token reaches the page in a short-lived cookie, never in a URL or an
// inline script (islands/client/handed-seat.ts).
import { Elysia } from "elysia";
import type { Invite } from "../../islands/InviteJoin";
import { SEAT_COOKIE } from "../../islands/client/handed-seat";
import { readCapped } from "../access/capped-body";
import { originAllowed } from "../access/origin";
import { TOO_MANY_REQUESTS } from "../access/rate-limit";
import { routedLobby } from "../access/routed-lobby";
import { ApiError } from "../api/errors";
import { MAX_BODY_BYTES } from "../api/json-body";
import { joinFormBody } from "../api/schemas";
import type { JoinRequest, Seating } from "../api/seating";
import { pageCodeSchema } from "../game/schemas";

export const JOIN_FORM_PATH = "/join";
/** Long enough for a slow phone to load the lobby page that takes the token over. */
const SEAT_COOKIE_S = 600;

export interface JoinFormDeps {
  seat: Seating;
  /** one join against the address's budget (src/access/rate-limit.ts) */
  joinAllowed: (request: Request) => boolean | Promise<boolean>;
  allowedOrigins: readonly string[];
  /** the invite page of `code` with what the form answered, and its status */
  invitePage: (request: Request, code: string, answer: Omit<Invite, "code" | "status">, status: number) => Response | Promise<Response>;
}

/** The posted form's fields, checked as the REST join's body is; the guest's name and code as typed for the page that refuses it. */
async function readForm(request: Request): Promise<JoinRequest | { refused: ApiError; name: string; code: string | null }> {
  const bytes = await readCapped(request, MAX_BODY_BYTES);
  if (!bytes) return { refused: new ApiError(413, "Request body too large"), name: "", code: null };
  const fields = Object.fromEntries(new URLSearchParams(new TextDecoder().decode(bytes)));
  const parsed = joinFormBody.safeParse(fields);
  if (parsed.success) return parsed.data;
  return { refused: new ApiError(400, parsed.error.issues[0]!.message), name: String(fields.playerName ?? ""), code: typeof fields.code === "string" ? fields.code : null };
}

export function joinFormRoute({ seat, joinAllowed, allowedOrigins, invitePage }: JoinFormDeps) {
  return new Elysia().post(
    JOIN_FORM_PATH,
    async ({ request }) => {
      // Before the body is read the code is the one the address routes by.
      const routed = pageCodeSchema.parse(routedLobby(new URL(request.url)) ?? "");
      if (!originAllowed(request, allowedOrigins)) return invitePage(request, routed, { refusal: "Cross-site request refused" }, 403);
      if (!(await joinAllowed(request))) return invitePage(request, routed, { refusal: TOO_MANY_REQUESTS }, 429);
      const form = await readForm(request);
      if ("refused" in form) return invitePage(request, pageCodeSchema.parse(form.code ?? routed), { refusal: form.refused.message, name: form.name.slice(0, 64) }, form.refused.status);
      try {
        const seated = await seat(request, form);
        const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
        return new Response(null, {
          status: 303,
          headers: { location: `/lobby/${seated.lobby.code}`, "set-cookie": `${SEAT_COOKIE}=${seated.token}; Path=/; Max-Age=${SEAT_COOKIE_S}; SameSite=Strict${secure}`, "cache-control": "no-store" },
        });
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        const takeBack = typeof err.details.takeBack === "string" ? { takeBack: err.details.takeBack } : {};
        return invitePage(request, form.code, { refusal: err.message, name: form.playerName, ...takeBack }, err.status);
      }
    },
    // The body is read above, after the checks that come before it: Elysia's parsers stay off it.
    { parse: () => null },
  );
}
