// The flaws: pages carried no security headers, and the server answered any Host whose
// Origin matched it (the precondition of DNS rebinding against a server on a home network).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { hostname } from "node:os";
import { startTestApp, type TestApp } from "../support/app";
import { createLobby } from "../support/rest";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ ALLOWED_HOSTS: "quiz.party, Games.Example:8080", PUBLIC_URL: "http://stealmate.example:3000" });
});
afterAll(() => app.dispose());

const get = (path: string, host?: string) => fetch(`${app.url}${path}`, { headers: host ? { host } : {} });

describe("headers", () => {
  test("every page: a strict policy that names its one stylesheet by hash, no framing, nosniff, no referrer to other sites; the page data is a JSON block", async () => {
    const { code } = await createLobby(app);
    for (const path of ["/", `/lobby/${code}`, `/game/${code}`, `/tv/${code}`, "/tv/ZZZZ"]) {
      const res = await get(path);
      const html = await res.text();
      const csp = res.headers.get("content-security-policy") ?? "";
      expect({ path, csp }).toEqual({ path, csp: expect.stringContaining("script-src 'self';") });
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).not.toContain("unsafe-inline");
      const style = html.match(/<style>([\s\S]*?)<\/style>/)![1]!;
      expect(csp).toContain(`style-src 'sha256-${createHash("sha256").update(style).digest("base64")}'`);
      expect(html).not.toMatch(/ style="/);
      // Every script is a file of this server or a data block that never runs.
      for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toMatch(/ src="\/build\/|type="application\/json"/);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("same-origin");
    }
    const api = await get(`/api/lobby/${code}`);
    expect(api.headers.get("x-content-type-options")).toBe("nosniff");
    expect(api.headers.get("referrer-policy")).toBe("same-origin");
  });
});

describe("Host names", () => {
  test("the server's own names are served: any IP address, localhost, the machine's name and NAME.local, PUBLIC_URL's host, ALLOWED_HOSTS", async () => {
    const port = app.port;
    for (const host of [`127.0.0.1:${port}`, `[::1]:${port}`, `192.168.1.20:${port}`, `localhost:${port}`, `LocalHost`, `${hostname()}:${port}`, `${hostname()}.local:${port}`, "stealmate.example:3000", "quiz.party", "games.example:8080"]) {
      expect({ host, status: (await get("/", host)).status }).toEqual({ host, status: 200 });
    }
  });

  test("the names home networks hand out are served: one label, and names under .local, .lan, .home, .home.arpa, .internal, .localdomain, .fritz.box", async () => {
    const names = ["raspberrypi", "RaspberryPi.", "raspberrypi.lan", "pi.fritz.box", "pi.home", "pi.home.arpa", "pi.internal", "pi.localdomain", "pi.local", `party-pi.lan:${app.port}`];
    for (const host of names) expect({ host, status: (await get("/", host)).status }).toEqual({ host, status: 200 });
  });

  test("any other name is refused, REST and realtime too, with a page in the product's look that names the setting to use", async () => {
    // Public names, the DNS-rebinding case: those suffixes only as a whole label, never as a word.
    for (const host of ["attacker.example", `attacker.example:${app.port}`, "localhost.attacker.example", "quiz.party.evil", "raspberrypi.lan.evil.com", "evil-lan.com", "fritz.box.example"]) {
      const res = await get("/", host);
      expect({ host, status: res.status }).toEqual({ host, status: 403 });
      const text = await res.text();
      expect(text).toContain("ALLOWED_HOSTS");
      expect(text).toContain("PUBLIC_URL");
      // The product's own page: its stylesheet, its look, under the same policy, and no script.
      expect(text).toContain("<style>");
      expect(text).toContain('class="card stack unknown-host"');
      expect(text).not.toContain("<script type=\"module\"");
      expect(res.headers.get("content-security-policy")).toContain("style-src 'sha256-");
    }
    expect((await get("/api/lobby/ZZZZ", "attacker.example")).status).toBe(403);
    expect((await get("/ws", "attacker.example")).status).toBe(403);
    expect((await get("/ws/stream", "attacker.example")).status).toBe(403);
  });
});
