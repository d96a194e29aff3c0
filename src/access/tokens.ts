// Session tokens: JWT HS256 via @elysiajs/jwt, carrying { lobby, sub, name, isHost, exp } (and `dev`).
// Claims only say who the bearer is; what they may do is decided from lobby state.
import { z } from "zod";

const claimsSchema = z.object({
  lobby: z.string().min(1).max(8),
  sub: z.string().min(1).max(64),
  name: z.string().max(64),
  isHost: z.boolean(),
  /** the device that took the seat back, when one did (src/game/entry-rules.ts takeSeatBack) */
  dev: z.string().max(64).optional(),
  exp: z.number(),
});
export type Claims = z.infer<typeof claimsSchema>;

/** The signer @elysiajs/jwt builds for one secret. */
async function signerFor(secret: string) {
  const { jwt } = await import("@elysiajs/jwt");
  return jwt({ name: "jwt", secret, alg: "HS256" }).decorator.jwt;
}

export class Tokens {
  /** Loaded at the first token signed or checked: a server nobody has joined holds no JWT library
   * (about 1 MB at rest; docs/decisions.md "What a quiet server holds"). */
  private signer?: ReturnType<typeof signerFor>;

  constructor(private readonly secret: string, private readonly ttlSeconds: number) {}

  private jwt() {
    return (this.signer ??= signerFor(this.secret));
  }

  async sign(claims: Omit<Claims, "exp">, exp?: number): Promise<string> {
    return (await this.jwt()).sign({ ...claims, exp: exp ?? Math.floor(Date.now() / 1000) + this.ttlSeconds });
  }

  /** null for a missing, forged, unsigned, expired or malformed token. */
  async verify(token: string | undefined | null): Promise<Claims | null> {
    if (!token || token.length > 2048) return null;
    const payload = await (await this.jwt()).verify(token, { algorithms: ["HS256"] });
    const parsed = claimsSchema.safeParse(payload);
    return parsed.success ? parsed.data : null;
  }
}
