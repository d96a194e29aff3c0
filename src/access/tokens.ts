// Session tokens: JWT HS256, carrying { lobby, sub, name, isHost, exp, iat } (and `dev`). Claims only
// say who the bearer is; what they may do is decided from lobby state. Signed and checked here with
// Bun's own HMAC rather than jose (through @elysiajs/jwt), whose 46 modules, like node:crypto's,
// cost an idle server memory (docs/bench.md "Idle RSS, module by module"); the tokens are the same,
// so those issued before still verify.
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

/** The only header a token may carry: no other algorithm, and nothing (crit, b64) that changes how it is read. */
const headerSchema = z.strictObject({ alg: z.literal("HS256"), typ: z.literal("JWT").optional() });
/** What a payload must hold besides the claims: times as numbers, and none still to come. */
const timesSchema = z.object({ exp: z.number(), nbf: z.number().optional(), iat: z.number().optional() });

const HEADER = Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64url");
const BASE64URL = /^[A-Za-z0-9_-]+$/;

const fromJson = (part: string): unknown => {
  try {
    return JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
  } catch {
    return null;
  }
};

export class Tokens {
  private readonly key: Buffer;

  constructor(secret: string, private readonly ttlSeconds: number) {
    if (!secret) throw new Error("Secret can't be empty");
    this.key = Buffer.from(secret, "utf8");
  }

  private mac(signed: string): Buffer {
    return new Bun.CryptoHasher("sha256", this.key).update(signed).digest();
  }

  async sign(claims: Omit<Claims, "exp">, exp?: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const payload = Buffer.from(JSON.stringify({ ...claims, exp: exp ?? now + this.ttlSeconds, iat: now })).toString("base64url");
    const signed = `${HEADER}.${payload}`;
    return `${signed}.${this.mac(signed).toString("base64url")}`;
  }

  /** null for a missing, forged, unsigned, expired or malformed token. */
  async verify(token: string | undefined | null): Promise<Claims | null> {
    if (!token || token.length > 2048) return null;
    const parts = token.split(".");
    if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) return null;
    const [header, payload, signature] = parts as [string, string, string];
    if (!headerSchema.safeParse(fromJson(header)).success) return null;
    const expected = this.mac(`${header}.${payload}`);
    const given = Buffer.from(signature, "base64url");
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
    const body = fromJson(payload);
    const times = timesSchema.safeParse(body);
    const now = Math.floor(Date.now() / 1000);
    if (!times.success || times.data.exp <= now || (times.data.nbf !== undefined && times.data.nbf > now)) return null;
    const parsed = claimsSchema.safeParse(body);
    return parsed.success ? parsed.data : null;
  }
}
