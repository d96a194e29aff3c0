// Script injection through names, tags, chat and answers is shown as text, never run: in the
// server-rendered HTML (the only raw markup is the page's, the data script cannot be closed early)
// and in real Chromium, where a player sees the text and no dialog ever opens.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Window } from "happy-dom";
import type { Browser, Page } from "playwright-core";
import type { Question } from "../../src/game/types";
import { call, startTestApp, type TestApp } from "../support/app";
import { closeContexts, sharedChromium } from "../support/browser";
import { live } from "../support/phones";
import { questionsFrom, waitForPhase } from "../support/rest";

/** 32 characters at most: these fit in a name. */
const NAMES = ['"><img src=x onerror=alert(1)>', "<script>alert(1)</script>", "javascript:alert(1)", "<svg onload=alert(1)>"];
/** 40 characters at most: these fit in a tag. */
const TAGS = ["</script><script>alert(1)</script>", "<img src=x onerror=alert(1)>", "javascript:alert(1)", "<!--<script>alert(1)//-->", "a\u2028</script>\u2029b"];
const CHATS = ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>', "</script><script>alert(1)</script>", "javascript:alert(1)", "<iframe src=javascript:alert(1)>"];
const ANSWERS = ["</script><script>alert(1)</script>", '"><img src=x onerror=alert(1)>'];

const QUESTIONS: Question[] = [
  { category: "General", question: "What is the capital of Australia?", answer: "Canberra", aliases: [] },
  { category: "General", question: "Which planet is called the Red Planet?", answer: "Mars", aliases: [] },
];

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { questions: questionsFrom(QUESTIONS) });
});
afterAll(() => app.dispose());

const DATA_SCRIPT = /<script type="application\/json" id="__page">([\s\S]*?)<\/script>/;

/** Every string anywhere in a JSON value. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (value && typeof value === "object") for (const v of Object.values(value)) strings(v, out);
  return out;
}

/**
 * Checks a server-rendered page: its data script parses as JSON (so nothing closed it early) and
 * holds every payload verbatim; outside it no payload appears raw; parsed as HTML, the page has no
 * script but its own, no <img>, <iframe> or event-handler attribute, no javascript: URL, and
 * `visible` payloads in its text.
 */
function expectInert(html: string, payloads: string[], visible: string[]): void {
  const data = html.match(DATA_SCRIPT);
  expect(data).not.toBeNull();
  const json = JSON.parse(data![1]!);
  const held = strings(json);
  for (const p of payloads) expect({ payload: p, inData: held.includes(p) }).toEqual({ payload: p, inData: true });
  const markup = html.replace(data![0], "");
  for (const p of payloads) if (/[<>]/.test(p)) expect({ payload: p, rawInMarkup: markup.includes(p) }).toEqual({ payload: p, rawInMarkup: false });

  const win = new Window({ settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true } });
  const doc = new win.DOMParser().parseFromString(html, "text/html");
  const scripts = [...doc.querySelectorAll("script")].map((s) => ({ type: s.getAttribute("type"), src: s.getAttribute("src"), id: s.id }));
  for (const s of scripts) expect(`${s.type} ${s.id || (s.src ?? "").replace(/[\w-]+\.js$/, "*.js")}`).toMatch(/^(module \/build\/\*\.js|application\/json __page)$/);
  expect(scripts.filter((s) => s.type === "application/json")).toHaveLength(1);
  expect(doc.querySelectorAll("img, iframe, object, embed").length).toBe(0);
  for (const el of doc.querySelectorAll("*")) {
    for (const attr of el.getAttributeNames()) {
      expect({ tag: el.tagName, attr, handler: attr.toLowerCase().startsWith("on") }).toEqual({ tag: el.tagName, attr, handler: false });
      expect({ tag: el.tagName, attr, jsUrl: /^\s*javascript:/i.test(el.getAttribute(attr) ?? "") }).toEqual({ tag: el.tagName, attr, jsUrl: false });
    }
  }
  const text = doc.getElementById("app")!.textContent ?? "";
  for (const p of visible) expect({ payload: p, shown: text.includes(p) }).toEqual({ payload: p, shown: true });
  win.close();
}

describe("server-rendered pages", () => {
  test("names, tags and answers with markup are escaped in /lobby/:code and /game/:code", async () => {
    const host = await call(app, "POST", "/api/lobby/create", { body: { playerName: NAMES[0] } });
    const code = host.body.lobby.code as string;
    const joined = [];
    for (const name of NAMES.slice(1)) joined.push(await call(app, "POST", "/api/lobby/join", { body: { playerName: name, code } }));
    expect(joined.map((r) => r.status)).toEqual([200, 200, 200]);
    const settings = await call(app, "POST", "/api/lobby/updateSettings", { token: host.body.token, body: { settings: { rounds: 2, tags: TAGS } } });
    expect(settings.body.settings.tags).toEqual(TAGS.map((t) => t.trim()));

    const lobbyPage = await (await fetch(`${app.url}/lobby/${code}`)).text();
    expectInert(lobbyPage, [...NAMES, ...TAGS.map((t) => t.trim())], [...NAMES, ...TAGS.map((t) => t.trim())]);

    // A round whose typed answers are the payloads: the results on the game page show them as text.
    const red = joined[0]!.body.token as string;
    expect((await call(app, "POST", "/api/lobby/start", { token: host.body.token })).status).toBe(200);
    expect((await call(app, "POST", "/api/lobby/startRound", { token: host.body.token, body: {} })).status).toBe(200);
    expect((await call(app, "POST", "/api/lobby/submitAnswer", { token: host.body.token, body: { roundNumber: 1, answer: ANSWERS[0], isSteal: false } })).status).toBe(200);
    expect((await call(app, "POST", "/api/lobby/submitAnswer", { token: red, body: { roundNumber: 1, answer: ANSWERS[1], isSteal: false } })).status).toBe(200);
    await waitForPhase(app, code, "results");
    const gamePage = await (await fetch(`${app.url}/game/${code}`)).text();
    expectInert(gamePage, [...NAMES, ...ANSWERS], ANSWERS);
  }, 30_000);

  test("a lobby code in the URL is escaped in the title, the header and the data", async () => {
    for (const path of ["/lobby/%3C%2Fscript%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E", "/game/%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E", "/lobby/%3C!--x%3Cb%3E"]) {
      const res = await fetch(app.url + path);
      expect(res.status).toBe(200);
      const html = await res.text();
      const code = decodeURIComponent(path.split("/")[2]!).trim().toUpperCase().slice(0, 8);
      expectInert(html, [code], []);
    }
  }, 30_000);
});

/**
 * Text a page cannot render as sent: a lone surrogate (JSON's "\ud800" escape), and emoji whose
 * two UTF-16 halves straddle a limit (tags 40, answers 200, chat 500), which cutting would split.
 */
const SPLIT_TAG = `${"t".repeat(39)}😀`;
const SPLIT_ANSWER = `${"a".repeat(199)}😀`;
const SPLIT_CHAT = `${"c".repeat(499)}😀`;
const LONE = '"Ha\\ud800na"';

/** Seats a lobby whose name, tag, answer and chat hold such text; returns the host's session. */
async function seatMalformed(): Promise<{ code: string; token: string }> {
  const host = await call(app, "POST", "/api/lobby/create", { raw: `{"playerName":${LONE}}` });
  expect(host.status).toBe(200);
  const code = host.body.lobby.code as string;
  const token = host.body.token as string;
  const red = await call(app, "POST", "/api/lobby/join", { raw: `{"playerName":"\\udc00Rio","code":"${code}"}` });
  expect(red.status).toBe(200);
  expect((await call(app, "POST", "/api/lobby/updateSettings", { token, raw: `{"settings":{"rounds":2,"tags":[${JSON.stringify(SPLIT_TAG)},"x\\ud83d"]}}` })).status).toBe(200);
  expect((await call(app, "POST", "/api/lobby/start", { token })).status).toBe(200);
  expect((await call(app, "POST", "/api/lobby/startRound", { token, body: {} })).status).toBe(200);
  expect((await call(app, "POST", "/api/lobby/submitAnswer", { token, body: { roundNumber: 1, answer: SPLIT_ANSWER, isSteal: false } })).status).toBe(200);
  expect((await call(app, "POST", "/api/lobby/submitAnswer", { token: red.body.token, raw: '{"roundNumber":1,"answer":"\\udfff wrong","isSteal":false}' })).status).toBe(200);
  await waitForPhase(app, code, "results");
  const state = app.service.get(code)!;
  await app.service.dispatch(code, { type: "chat", playerId: state.hostId, message: SPLIT_CHAT, chatType: "game" });
  await app.service.dispatch(code, { type: "chat", playerId: state.hostId, message: "lone \udbff", chatType: "game" });
  return { code, token };
}

/** Every string in the lobby is well-formed UTF-16, so it survives UTF-8 and renders as it is held. */
function expectWellFormed(code: string): void {
  const bad = strings(app.service.get(code)).filter((s) => !s.isWellFormed());
  expect(bad.map((s) => JSON.stringify(s).slice(-40))).toEqual([]);
}

describe("text that is not well-formed UTF-16", () => {
  test("lone surrogates and emoji cut at a limit are stored well-formed", async () => {
    const { code } = await seatMalformed();
    expectWellFormed(code);
    const state = app.service.get(code)!;
    expect(state.settings.tags[0]).toBe("t".repeat(39));
    expect(state.game!.rounds[0]!.plays.blue.answer).toBe("a".repeat(199));
    expect(state.chat.at(-2)!.message).toBe("c".repeat(499));
  }, 30_000);
});

describe("in Chromium", () => {
  let browser: Browser;
  const dialogs: string[] = [];
  const errors: string[] = [];
  beforeAll(async () => {
    browser = await sharedChromium();
  });
  afterAll(() => closeContexts(browser));

  async function open(): Promise<Page> {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.on("dialog", (d) => {
      dialogs.push(`${d.type()}: ${d.message()}`);
      void d.dismiss();
    });
    page.on("pageerror", (err) => errors.push(err.message));
    page.setDefaultTimeout(10_000);
    return page;
  }

  async function shows(page: Page, text: string): Promise<void> {
    // Only a visible copy counts (the phone-sized player list is hidden on a desktop).
    const hit = page.getByText(text, { exact: false }).filter({ visible: true }).first();
    await hit.waitFor();
    expect({ text, visible: await hit.isVisible() }).toEqual({ text, visible: true });
  }

  /** Nothing the payloads would have created exists in the live DOM. */
  async function expectCleanDom(page: Page): Promise<void> {
    const found = await page.evaluate(() => ({
      elements: document.querySelectorAll("img, iframe, svg[onload], [onerror], [onload], [onclick]").length,
      scripts: [...document.scripts].filter((s) => s.type !== "application/json" && (s.textContent ?? "").includes("alert")).length,
      jsLinks: [...document.querySelectorAll("[href], [src]")].filter((el) => /^\s*javascript:/i.test(el.getAttribute("href") ?? el.getAttribute("src") ?? "")).length,
    }));
    expect(found).toEqual({ elements: 0, scripts: 0, jsLinks: 0 });
  }

  test("a lobby and a game holding such text render and hydrate without an error", async () => {
    const { code, token } = await seatMalformed();
    const page = await open();
    await page.context().addInitScript(([t, c]) => {
      localStorage.setItem("gameToken", t!);
      localStorage.setItem("lobbyCode", c!);
    }, [token, code]);
    await page.goto(`${app.url}/game/${code}`);
    await page.getByText("Round 1 Results").waitFor();
    await shows(page, "a".repeat(199));
    // The session starts only once every island has hydrated (islands/client/hydrate.tsx), so a page
    // that has joined over its connection is past hydration and any mismatch it raised.
    await live(page);
    expect(errors).toEqual([]);
    expect(dialogs).toEqual([]);
  }, 30_000);

  test("a host and a player with hostile names trade hostile tags, chat and answers; all of it shows as text and no dialog opens", async () => {
    const host = await open();
    await host.goto(app.url + "/");
    await host.locator("#host-name").fill(NAMES[0]!);
    await host.getByRole("button", { name: "Host" }).click();
    await host.waitForURL(/\/lobby\/[A-Z0-9]{4}$/);
    const code = host.url().split("/").pop()!;

    const friend = await open();
    await friend.goto(`${app.url}/?join=${code}`);
    await friend.getByRole("form", { name: /^Join lobby/ }).getByPlaceholder("Enter your name").fill(NAMES[1]!);
    await friend.getByRole("form", { name: /^Join lobby/ }).getByRole("button", { name: "Join" }).click();
    await friend.waitForURL(new RegExp(`/lobby/${code}$`));
    await shows(host, NAMES[1]!);
    await shows(friend, NAMES[0]!);

    for (const tag of TAGS.slice(0, 4)) {
      await host.getByPlaceholder("Add category").fill(tag);
      await host.getByPlaceholder("Add category").press("Enter");
    }
    await host.getByRole("button", { name: "Update Settings" }).click();
    for (const tag of TAGS.slice(0, 4)) await shows(friend, tag);

    for (const message of CHATS) {
      await host.getByPlaceholder("Type a room message...").fill(message);
      await host.getByPlaceholder("Type a room message...").press("Enter");
      await shows(friend, message);
    }
    await friend.getByPlaceholder("Type a room message...").fill(CHATS[2]!);
    await friend.getByRole("button", { name: "Send" }).click();
    await host.getByText(`${NAMES[1]}: ${CHATS[2]}`).waitFor();

    // A reload paints from the server's HTML, then the snapshot brings the chat back.
    for (const page of [host, friend]) {
      await page.reload();
      for (const text of [...NAMES.slice(0, 2), ...TAGS.slice(0, 4), ...CHATS]) await shows(page, text);
      await expectCleanDom(page);
    }

    // A round with the payloads as typed answers: the results show them.
    // Each the first on a team, the host and the friend captain them by themselves.
    await host.getByRole("button", { name: "Start Game" }).and(host.locator(":enabled")).waitFor();
    await host.getByLabel("Rounds").fill("2");
    await host.getByRole("button", { name: "Update Settings" }).click();
    await host.getByRole("button", { name: "Start Game" }).click();
    // The host's page is sent to /game twice (the start call's answer and the game-started event),
    // so one navigation may be aborted by the other: wait for where it lands, not for one navigation.
    for (const page of [host, friend]) await page.waitForFunction((path) => location.pathname === path, `/game/${code}`);
    for (const page of [host, friend]) await page.getByText("Made with bluffs, tells, and just a pinch of chaos.").waitFor();
    await host.getByRole("button", { name: "Start Round" }).click();
    for (const [page, answer] of [[host, ANSWERS[0]!], [friend, ANSWERS[1]!]] as const) {
      await page.getByPlaceholder("Type your team answer").fill(answer);
      await page.getByRole("button", { name: "Submit" }).click();
    }
    for (const page of [host, friend]) {
      await page.getByText("Round 1 Results").waitFor();
      for (const answer of ANSWERS) await shows(page, answer);
      await page.reload();
      for (const answer of ANSWERS) await shows(page, answer);
      await expectCleanDom(page);
    }

    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
  }, 60_000);
});
