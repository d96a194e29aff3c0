// The join address in the lobby and TV pages is one a phone can open (docs/decisions.md "A party on a
// home network"): asked through a loopback name, the machine's network address with the port asked;
// through any other Host, that Host; with PUBLIC_URL, always PUBLIC_URL. Cached pages follow it.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { call, startTestApp, type TestApp } from "../support/app";
import { fakeLan, lanOrigin } from "../support/lan";

let app: TestApp;
let withPublic: TestApp;
beforeAll(async () => {
  // party.lan is a name of this server's (ALLOWED_HOSTS): any other Host is refused (headers.test.ts).
  app = await startTestApp({ ALLOWED_HOSTS: "party.lan" }, { interfaces: fakeLan });
  withPublic = await startTestApp({ PUBLIC_URL: "http://stealmate.local:3000", ALLOWED_HOSTS: "party.lan" }, { interfaces: fakeLan });
});
afterAll(async () => {
  await app.dispose();
  await withPublic.dispose();
});

const newLobby = async (target: TestApp) => (await call(target, "POST", "/api/lobby/create", { body: { playerName: "Hana" } })).body.lobby.code as string;

/** The page at `path` asked with this Host header, and the join address its QR code holds. */
async function joinAddress(target: TestApp, path: string, host: string) {
  const html = await (await fetch(`${target.url}${path}`, { headers: { host } })).text();
  return html.match(/aria-label="QR code to join: ([^"]+)"/)?.[1];
}

describe("the join address shown", () => {
  test("a loopback Host shows the network address, with the port asked, on the lobby and TV pages", async () => {
    const code = await newLobby(app);
    for (const path of [`/lobby/${code}`, `/tv/${code}`]) {
      for (const host of [`localhost:${app.port}`, `127.0.0.1:${app.port}`, `[::1]:${app.port}`]) expect(await joinAddress(app, path, host)).toBe(`${lanOrigin(app.port)}/?join=${code}`);
      expect(await joinAddress(app, path, "localhost:8080")).toBe(`${lanOrigin(8080)}/?join=${code}`);
    }
  });

  test("another Host is kept as asked, and the cached page of one Host is never served to another", async () => {
    const code = await newLobby(app);
    expect(await joinAddress(app, `/tv/${code}`, "party.lan:3000")).toBe(`http://party.lan:3000/?join=${code}`);
    expect(await joinAddress(app, `/tv/${code}`, "localhost:3000")).toBe(`${lanOrigin(3000)}/?join=${code}`);
    expect(await joinAddress(app, `/tv/${code}`, "party.lan:3000")).toBe(`http://party.lan:3000/?join=${code}`);
    const tv = await (await fetch(`${app.url}/tv/${code}`, { headers: { host: "localhost:3000" } })).text();
    expect(tv).toContain(`<p class="link-text">http://<wbr/>${lanOrigin(3000).slice("http://".length)}</p>`);
  });

  test("PUBLIC_URL is the address whatever the Host", async () => {
    const code = await newLobby(withPublic);
    for (const host of [`localhost:${withPublic.port}`, "party.lan:3000", "192.168.1.23:3000"]) {
      expect(await joinAddress(withPublic, `/lobby/${code}`, host)).toBe(`http://stealmate.local:3000/?join=${code}`);
      expect(await joinAddress(withPublic, `/tv/${code}`, host)).toBe(`http://stealmate.local:3000/?join=${code}`);
    }
  });
});
