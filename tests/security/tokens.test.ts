// The session tokens signed with the runtime's HMAC (src/access/tokens.ts): those jose signed, as
// the server did before, still verify; anything but an HS256 token signed with the secret, current
// and well-formed, is refused.
import { describe, expect, test } from "bun:test";
import { SignJWT } from "jose";
import { Tokens } from "../../src/access/tokens";

const SECRET = "tokens-test-secret-0123456789abcdef";
const claims = { lobby: "ABCD", sub: "p1", name: "Ann", isHost: false };
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
/** A token of `header` and `payload` signed with jose, which refuses no header of its own. */
const joseSigned = (header: Record<string, unknown>, payload: Record<string, unknown>, secret = SECRET) =>
  new SignJWT(payload).setProtectedHeader({ alg: "HS256", ...header }).sign(new TextEncoder().encode(secret));

describe("session tokens", () => {
  const tokens = new Tokens(SECRET, 3600);

  test("a token signs and verifies, with its claims and an expiry", async () => {
    const verified = await tokens.verify(await tokens.sign({ ...claims, dev: "d1" }));
    expect(verified).toMatchObject({ ...claims, dev: "d1" });
    expect(verified!.exp).toBeGreaterThan(Date.now() / 1000);
  });

  test("a token jose signed (how tokens were signed before) verifies", async () => {
    const old = await new SignJWT({ ...claims }).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setExpirationTime(inAnHour()).setIssuedAt().sign(new TextEncoder().encode(SECRET));
    expect(await tokens.verify(old)).toMatchObject(claims);
  });

  test("another secret, another algorithm, none, or a header that changes how it is read is refused", async () => {
    const payload = { ...claims, exp: inAnHour() };
    expect(await tokens.verify(await joseSigned({ typ: "JWT" }, payload))).not.toBeNull();
    expect(await tokens.verify(await joseSigned({ typ: "JWT" }, payload, "another-secret-another-secret-99"))).toBeNull();
    expect(await tokens.verify(await new SignJWT(payload).setProtectedHeader({ alg: "HS512" }).sign(new TextEncoder().encode(SECRET)))).toBeNull();
    expect(await tokens.verify(await joseSigned({ crit: ["b64"], b64: true }, payload))).toBeNull();
    expect(await tokens.verify(await joseSigned({ kid: "k1" }, payload))).toBeNull();
    expect(await tokens.verify(`${b64({ alg: "none" })}.${b64(payload)}.`)).toBeNull();
  });

  test("an expired token, one not valid yet, or one without an expiry is refused", async () => {
    expect(await tokens.verify(await tokens.sign(claims, Math.floor(Date.now() / 1000) - 1))).toBeNull();
    expect(await tokens.verify(await tokens.sign(claims, Math.floor(Date.now() / 1000)))).toBeNull();
    expect(await tokens.verify(await joseSigned({}, { ...claims, exp: inAnHour(), nbf: inAnHour() }))).toBeNull();
    expect(await tokens.verify(await joseSigned({}, { ...claims }))).toBeNull();
  });

  test("malformed tokens are refused, not thrown on", async () => {
    const good = await tokens.sign(claims);
    const [header, payload, signature] = good.split(".");
    for (const bad of ["", "a.b", `${header}.${payload}`, `${header}.${payload}.${signature}.x`, `${header}.${payload}.${signature}=`, `${header}.!!.${signature}`, `${b64("x")}.${payload}.${signature}`, "x".repeat(3000)]) {
      expect(await tokens.verify(bad)).toBeNull();
    }
    expect(await tokens.verify(`${header}.${b64({ ...claims, isHost: true, exp: inAnHour() })}.${signature}`)).toBeNull();
  });
});
