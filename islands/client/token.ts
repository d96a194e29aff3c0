// The session token in localStorage (gameToken, lobbyCode), and reading its claims without trusting
// them: the server decides; the client only uses them to route.
export const TOKEN_KEY = "gameToken";
export const CODE_KEY = "lobbyCode";

export interface TokenClaims {
  lobby: string;
  sub: string;
  name: string;
  isHost: boolean;
  exp: number;
}

export function saveSession(token: string, code: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(CODE_KEY, code);
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(CODE_KEY);
}

export const storedToken = () => localStorage.getItem(TOKEN_KEY);
export const storedCode = () => localStorage.getItem(CODE_KEY);

/** The token's claims, or null when it is unreadable. A name is UTF-8 in the token ("José", "عمر"): atob gives bytes. */
export function readClaims(token: string | null): TokenClaims | null {
  if (!token) return null;
  try {
    const part = token.split(".")[1] ?? "";
    // atob decodes forgivingly: base64url's missing padding needs none added.
    const bytes = Uint8Array.from(atob(part.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as TokenClaims;
    return typeof claims.lobby === "string" && typeof claims.sub === "string" && typeof claims.exp === "number" ? claims : null;
  } catch {
    return null;
  }
}

export const isExpired = (claims: TokenClaims, now = Date.now()) => claims.exp * 1000 <= now;
