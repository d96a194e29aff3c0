// Session tokens: JWT HS256 via @elysiajs/jwt, carrying { lobby, sub, name, isHost, exp } (and `dev`).
// Claims only say who the bearer is; what they may do is decided from lobby state.
import { jwt } from "@elysiajs/jwt";
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

export class Tokens {
  private readonly signer;

  constructor(secret: string, private readonly ttlSeconds: number) {
    this.signer = jwt({ name: "jwt", secret, alg: "HS256" }).decorator.jwt;
  }

  sign(claims: Omit<Claims, "exp">, exp?: number): Promise<string> {
    return this.signer.sign({ ...claims, exp: exp ?? Math.floor(Date.now() / 1000) + this.ttlSeconds });
  }

  /** null for a missing, forged, unsigned, expired or malformed token. */
  async verify(token: string | undefined | null): Promise<Claims | null> {
    if (!token || token.length > 2048) return null;
    const payload = await this.signer.verify(token, { algorithms: ["HS256"] });
    const parsed = claimsSchema.safeParse(payload);
    return parsed.success ? parsed.data : null;
  }
}
