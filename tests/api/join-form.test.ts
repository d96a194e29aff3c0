// The invite page's form (docs/pages.md "Home"; src/pages/join-form.ts), posted as a browser without
// scripts posts it: it seats the guest as the REST join does, hands the token over in a cookie and
// answers 303 to the lobby's page, which lists the guest. Every refusal is the REST join's (the same
// status and message), shown on the invite page under the form with the name as typed, and changes
// nothing.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SEAT_RETURN_MS } from "../../src/game/settings";
import { call, startTestApp, type TestApp } from "../support/app";
import { FakeClock } from "../support/fake-clock";
import { claimsOf, createLobby, joinLobby, lobbyData } from "../support/rest";

let app: TestApp;
const clock = new FakeClock(Date.now());
beforeAll(async () => {
  app = await startTestApp({}, { clock });
});
afterAll(async () => {
  await app.dispose();
});

interface Posted {
  status: number;
  location: string | null;
  cookie: string | null;
  html: string;
}

/** The form as a browser posts it: urlencoded, to the action the page names, from the server's own origin unless told otherwise. */
async function post(target: { url: string }, code: string, fields: Record<string, string>, origin = target.url): Promise<Posted> {
  const res = await fetch(`${target.url}/join?lobby=${code}`, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded", origin }, body: new URLSearchParams(fields) });
  return { status: res.status, location: res.headers.get("location"), cookie: res.headers.get("set-cookie"), html: await res.text() };
}
/** The refusal line of the invite page, and the name field's value. */
const refusalOf = (html: string) => html.match(/<p class="refusal" role="alert">([^<]*)<\/p>/)?.[1] ?? null;
const typedName = (html: string) => html.match(/<input id="invite-name"[^>]*>/)?.[0].match(/value="([^"]*)"/)?.[1] ?? "";

describe("the invite page's form", () => {
  test("the page of /?join=CODE is the form for that lobby: the code, a focused name field, posting to /join with the code in its address", async () => {
    const { code } = await createLobby(app);
    const html = await (await fetch(`${app.url}/?join=${code.toLowerCase()}`)).text();
    expect(html).toMatch(new RegExp(`<form class="stack" aria-labelledby="invite-title" action="/join\\?lobby=${code}" method="post"`));
    expect(html).toContain(`<input type="hidden" name="code" value="${code}"/>`);
    expect(html).toMatch(/<input id="invite-name"[^>]* required=""[^>]* autofocus=""[^>]* name="playerName"/);
    // The host card is folded below it.
    expect(html.indexOf('id="invite-name"')).toBeLessThan(html.indexOf("<summary>Or start your own room</summary>"));
    expect(html).toContain('<details class="host-fold">');
  });

  test("seats the guest: 303 to the lobby page, the token in a short-lived cookie, and the lobby's HTML lists the guest", async () => {
    const { code } = await createLobby(app);
    const res = await post(app, code, { code, playerName: "Zoë" });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/lobby/${code}`);
    const token = res.cookie!.match(/^stealmate_seat=([^;]+)/)![1]!;
    expect(res.cookie).toContain("Path=/");
    expect(res.cookie).toContain("SameSite=Strict");
    expect(res.cookie).not.toContain("HttpOnly");
    expect(claimsOf(token)).toMatchObject({ lobby: code, name: "Zoë", isHost: false });
    expect((await call(app, "GET", `/api/lobby/${code}`, { token })).status).toBe(200);
    const page = await (await fetch(`${app.url}/lobby/${code}`)).text();
    expect(page).toContain("<bdi>Zoë</bdi>");
  });

  test("a locked lobby and an unknown code say so in the first HTML, before any name is asked", async () => {
    const host = await createLobby(app);
    await call(app, "POST", "/api/lobby/lock", { token: host.token, body: { locked: true } });
    const locked = await (await fetch(`${app.url}/?join=${host.code}`)).text();
    expect(locked).toContain(`Lobby ${host.code} is locked:`);
    expect(locked.indexOf("is locked:")).toBeLessThan(locked.indexOf('id="invite-name"'));
    const unknown = await fetch(`${app.url}/?join=ZZZZ`);
    const html = await unknown.text();
    expect(html).toContain("No lobby ZZZZ");
    expect(html).not.toContain('id="invite-name"');
    // Nothing to join, so starting a room is not folded away.
    expect(html).toContain('<details class="host-fold" open="">');
  });
});

describe("refusals are the REST join's, on the invite page, and change nothing", () => {
  const cases: [string, (code: string) => Record<string, string>][] = [
    ["a missing name", (code) => ({ code })],
    ["a blank name", (code) => ({ code, playerName: "   " })],
    ["an oversized name", (code) => ({ code, playerName: "x".repeat(40) })],
  ];
  for (const [what, fields] of cases) {
    test(what, async () => {
      const { code } = await createLobby(app);
      const before = await lobbyData(app, code);
      const body = fields(code);
      const rest = await call(app, "POST", "/api/lobby/join", { body: { ...body } });
      const form = await post(app, body.code === code ? code : body.code!, body);
      expect(form.status).toBe(rest.status);
      // The REST answer names the field ("playerName: ..."); the page says it under that field.
      expect(refusalOf(form.html)).toBe(rest.body.message.replace(/^playerName: /, ""));
      expect(rest.body.message).toStartWith("playerName: ");
      expect(await lobbyData(app, code)).toEqual(before);
    });
  }

  test("an unknown code (404) or a malformed one (400): the page says there is no such lobby", async () => {
    for (const [code, status] of [["ZZZZ", 404], ["AB_D", 400]] as const) {
      const rest = await call(app, "POST", "/api/lobby/join", { body: { code, playerName: "Rio" } });
      const form = await post(app, code, { code, playerName: "Rio" });
      expect([form.status, rest.status]).toEqual([status, status]);
      expect(form.html).toContain(`No lobby ${code}`);
      expect(form.cookie).toBeNull();
    }
  });

  test("a name that is taken: 409 with the message, the name kept in the field", async () => {
    const { code } = await createLobby(app);
    await joinLobby(app, code, "Rio");
    const before = await lobbyData(app, code);
    const form = await post(app, code, { code, playerName: "rio" });
    expect(form.status).toBe(409);
    expect(refusalOf(form.html)).toBe("That name is taken in this lobby");
    expect(typedName(form.html)).toBe("rio");
    expect(await lobbyData(app, code)).toEqual(before);
  });

  test("a cross-site Origin: 403, not seated", async () => {
    const { code } = await createLobby(app);
    const before = await lobbyData(app, code);
    const form = await post(app, code, { code, playerName: "Eve" }, "https://evil.example");
    const rest = await call(app, "POST", "/api/lobby/join", { body: { code, playerName: "Eve" }, headers: { origin: "https://evil.example" } });
    expect([form.status, rest.status]).toEqual([403, 403]);
    expect(refusalOf(form.html)).toBe(rest.body.message);
    expect(form.cookie).toBeNull();
    expect(await lobbyData(app, code)).toEqual(before);
  });

  test("over the address's join budget: 429, counted with the REST joins", async () => {
    const tight = await startTestApp({ JOIN_RATE_PER_MIN: "2" });
    try {
      const { code } = await createLobby(tight); // one call of the budget
      await joinLobby(tight, code, "Ana"); // the second
      const before = await lobbyData(tight, code);
      const form = await post(tight, code, { code, playerName: "Rio" });
      const rest = await call(tight, "POST", "/api/lobby/join", { body: { code, playerName: "Rio" } });
      expect([form.status, rest.status]).toEqual([429, 429]);
      expect(refusalOf(form.html)).toBe(rest.body.message);
      expect(await lobbyData(tight, code)).toEqual(before);
    } finally {
      await tight.dispose();
    }
  });

  test("a body over the size limit: 413", async () => {
    const { code } = await createLobby(app);
    const form = await post(app, code, { code, playerName: "Rio", pad: "x".repeat(20_000) });
    expect(form.status).toBe(413);
  });
});

describe("a seat taken back through the form", () => {
  test("a free seat's name is offered back with one confirmation; confirmed, the old token stops working", async () => {
    const { code } = await createLobby(app);
    const rio = await joinLobby(app, code, "Rio");
    await clock.advance(SEAT_RETURN_MS);
    const asked = await post(app, code, { code, playerName: "RIO" });
    expect(asked.status).toBe(409);
    expect(asked.html).toContain("Take back <bdi>Rio</bdi>’s seat?");
    expect(asked.html).toContain('<input type="hidden" name="takeBack" value="1"/>');
    const taken = await post(app, code, { code, playerName: "Rio", takeBack: "1" });
    expect(taken.status).toBe(303);
    const token = taken.cookie!.match(/^stealmate_seat=([^;]+)/)![1]!;
    expect(claimsOf(token).sub).toBe(rio.id);
    expect((await call(app, "GET", `/api/lobby/${code}`, { token: rio.token })).status).toBe(401);
    expect((await call(app, "GET", `/api/lobby/${code}`, { token })).status).toBe(200);
  });
});
