// Cross-site requests are refused for state-changing calls and socket handshakes: a page on another
// site must not act for a player. Requests without an Origin (curl, same-origin GETs) pass.
export function originAllowed(request: Request, allowed: readonly string[]): boolean {
  const origin = request.headers.get("origin");
  if (!origin) return true;
  if (allowed.includes(origin)) return true;
  const host = request.headers.get("host");
  try {
    return host !== null && new URL(origin).host === host;
  } catch {
    return false;
  }
}
