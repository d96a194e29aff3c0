// The party screen in Chromium: a TV page follows a whole game live beside two phones,
// and nothing secret reaches it before results; its QR code, decoded from a screenshot, is the exact
// join address; sound cues fire at the right moments (Web Audio stubbed) and stay silent when off;
// the results downloaded from the summary are the game that was played.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import jsQR from "jsqr";
import Papa from "papaparse";
import type { Page } from "playwright-core";
import { PNG } from "pngjs";
import { NOTES, type Cue } from "../../islands/client/sound";
import { axeViolations } from "../support/a11y";
import { useE2eSuite } from "../support/e2e";
import { exactJudge, quizQuestion, quizQuestions, seatFour, startGame } from "../support/rest";
import { fakeLan, lanOrigin } from "../support/lan";
import { DESKTOP, live, PHONE } from "../support/phones";

const TV_FULL_HD = { viewport: { width: 1920, height: 1080 } };

/** Web Audio stood in for on every page: every oscillator started is recorded by its frequency, in order. */
const FAKE_AUDIO = `
  window.__tones = [];
  class FakeAudioContext {
    constructor() { this.state = "running"; this.currentTime = 0; this.destination = {}; }
    resume() { return Promise.resolve(); }
    createOscillator() {
      const osc = { type: "", frequency: { value: 0 }, connect: (node) => node, start: () => window.__tones.push(osc.frequency.value), stop() {} };
      return osc;
    }
    createGain() { return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (node) => node }; }
  }
  window.AudioContext = FakeAudioContext;
`;
const suite = useE2eSuite({ questions: quizQuestions, judge: exactJudge, overrides: { interfaces: fakeLan }, initScript: FAKE_AUDIO });
const { app, shots } = suite;

/** The cues heard so far, read back from the tones in the order they were started. */
async function cues(page: Page): Promise<Cue[]> {
  const tones = (await page.evaluate(() => (window as unknown as { __tones: number[] }).__tones)) as number[];
  const heard: Cue[] = [];
  for (let i = 0; i < tones.length; ) {
    const match = (Object.entries(NOTES) as [Cue, [number, number, number][]][]).find(([, notes]) => notes.every(([f], k) => tones[i + k] === f));
    if (!match) throw new Error(`tones ${JSON.stringify(tones.slice(i))} are no cue`);
    heard.push(match[0]);
    i += match[1].length;
  }
  return heard;
}

/** Decodes the first QR code in a screenshot of the page. */
async function readQr(page: Page): Promise<string | null> {
  const png = PNG.sync.read(await page.screenshot({ animations: "disabled", fullPage: true }));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

test("a TV follows a whole game beside two phones, shows no secret before results, and plays its cues", async () => {
  const four = await seatFour(app);
  const hana = await suite.device(four.code, four.blue1, `/lobby/${four.code}`, DESKTOP);
  const ravi = await suite.device(four.code, four.red1, `/lobby/${four.code}`, PHONE);
  const tv = await suite.device(four.code, null, `/tv/${four.code}`, TV_FULL_HD);
  for (const d of [hana, ravi, tv]) await live(d.page);
  // Everything the TV hears, to search for secrets.
  const frames: string[] = [];
  tv.page.on("websocket", (ws) => ws.on("framereceived", (f) => frames.push(String(f.payload))));
  await tv.page.reload();
  await live(tv.page);

  // The lobby on the TV: the way in, both teams and their captains.
  await tv.page.getByText("Waiting for the host to start the game...").waitFor();
  for (const name of ["Hana", "Ravi", "Bo", "Rue"]) await tv.page.getByText(name, { exact: true }).first().waitFor();
  await tv.page.screenshot({ path: join(shots, "21-tv-lobby-1080p.png"), animations: "disabled" });
  const violations = [...(await axeViolations(tv.page)), ...(await axeViolations(ravi.page))];
  // Opened at 127.0.0.1, the pages show phones the machine's network address.
  expect(await readQr(tv.page)).toBe(`${lanOrigin(suite.server().port)}/?join=${four.code}`);
  await ravi.page.screenshot({ path: join(shots, "22-lobby-qr-phone.png"), animations: "disabled", fullPage: true });
  expect(await readQr(ravi.page)).toBe(`${lanOrigin(suite.server().port)}/?join=${four.code}`);

  // Ravi's phone: sound is off by default on phones; Hana switches hers on.
  expect(await ravi.page.getByRole("button", { name: "Open TV screen" }).count()).toBe(0);
  expect(await hana.page.getByRole("link", { name: "Open TV screen" }).getAttribute("href")).toBe(`/tv/${four.code}`);
  await startGame(app, four.blue1, 2, 60);
  for (const d of [hana, ravi]) await d.page.waitForURL(new RegExp(`/game/${four.code}$`));
  await hana.page.getByRole("button", { name: "Sound off" }).click();
  await tv.page.getByText("Round 1 of 2 is about to start").waitFor();

  // Round 1: Hana locks a secret answer; the TV shows that blue locked, never what.
  await hana.page.getByRole("button", { name: "Start Round" }).click();
  await tv.page.getByText(quizQuestion(1).question).waitFor();
  await tv.page.getByText("Red: thinking...").waitFor();
  await tv.page.screenshot({ path: join(shots, "23-tv-question-1080p.png"), animations: "disabled" });
  violations.push(...(await axeViolations(tv.page)));
  await hana.page.getByPlaceholder("Type your team answer").fill("Secret-blue-answer");
  await hana.page.getByRole("button", { name: "Submit" }).click();
  await tv.page.getByText("Blue: locked in ✔").waitFor();
  const beforeResults = (await tv.page.content()) + frames.join("\n");
  expect(beforeResults).not.toContain("Secret-blue-answer");
  expect(beforeResults).not.toContain(quizQuestion(1).answer);
  expect(beforeResults).not.toContain("isSteal");

  // Ravi steals; the round ends and the TV shows both plays, points, the answer and the winner.
  await ravi.page.getByRole("button", { name: "Steal" }).click();
  await tv.page.getByText("Round 1 Results").waitFor();
  await tv.page.getByText(quizQuestion(1).answer).waitFor();
  await tv.page.getByText("Secret-blue-answer").waitFor();
  await tv.page.getByText("STEAL").first().waitFor();
  await tv.page.screenshot({ path: join(shots, "24-tv-results-1080p.png"), animations: "disabled" });
  violations.push(...(await axeViolations(tv.page)));

  // Round 2 on a 720p TV: Ravi answers right, Hana wrong. Then the summary.
  await tv.page.setViewportSize({ width: 1280, height: 720 });
  await hana.page.getByRole("button", { name: "Next Round" }).click();
  await tv.page.getByText(quizQuestion(2).question).waitFor();
  await tv.page.screenshot({ path: join(shots, "25-tv-question-720p.png"), animations: "disabled" });
  await ravi.page.getByPlaceholder("Type your team answer").fill(quizQuestion(2).answer);
  await ravi.page.getByRole("button", { name: "Submit" }).click();
  await hana.page.getByPlaceholder("Type your team answer").fill("a wrong guess");
  await hana.page.getByRole("button", { name: "Submit" }).click();
  // The last results stay 15 s; a screen may go to the summary sooner.
  for (const page of [tv.page, ravi.page]) {
    await page.getByRole("button", { name: "See the summary" }).click();
    await page.getByText("Game Complete!", { exact: true }).waitFor();
  }
  await tv.page.screenshot({ path: join(shots, "26-tv-summary-720p.png"), animations: "disabled" });
  violations.push(...(await axeViolations(tv.page)), ...(await axeViolations(ravi.page)));
  // WCAG 2.1 A and AA on the TV at every phase, and on the phone's lobby (its QR code) and summary (its downloads).
  expect(violations).toEqual([]);

  // Cues: the TV (on by default) heard each moment; Hana (switched on) heard hers; Ravi (off) heard nothing.
  expect(await cues(tv.page)).toEqual(["round-start", "lock-in", "lock-in", "results", "round-start", "lock-in", "lock-in", "results"]);
  expect(await cues(hana.page)).toEqual(["round-start", "lock-in", "results", "round-start", "lock-in", "results"]);
  expect(await cues(ravi.page)).toEqual([]);

  // The results, downloaded from a phone's summary, are the game that was played.
  await ravi.page.getByText("Game Complete!", { exact: true }).waitFor();
  const download = ravi.page.waitForEvent("download");
  await ravi.page.getByRole("link", { name: "Download results (CSV)" }).click();
  const csv = Papa.parse<string[]>(readFileSync((await (await download).path())!, "utf8"), { skipEmptyLines: true });
  // The rounds' table, without who locked and when (tests/e2e/moments.e2e.test.ts reads those).
  const rounds = csv.data.slice(csv.data.findIndex((r) => r[0] === "round") + 1, csv.data.findIndex((r) => r[0] === "final") + 1);
  expect(rounds.map((r) => [...r.slice(0, 5), ...r.slice(7, 10), ...r.slice(12)])).toEqual([
    ["1", "Animals", quizQuestion(1).question, quizQuestion(1).answer, "Secret-blue-answer", "wrong", "2", "STEAL", "", "0", "blue"],
    ["2", "Animals", quizQuestion(2).question, quizQuestion(2).answer, "a wrong guess", "wrong", "0", quizQuestion(2).answer, "right", "1", "red"],
    ["final", "", "", "", "", "", "2", "", "", "1", "blue"],
  ]);
  const jsonDownload = ravi.page.waitForEvent("download");
  await ravi.page.getByRole("link", { name: "Download results (JSON)" }).click();
  const json = JSON.parse(readFileSync((await (await jsonDownload).path())!, "utf8"));
  expect(json.finalScores).toEqual({ blue: 2, red: 1 });
  expect(json.rounds.map((r: { winner: string }) => r.winner)).toEqual(["blue", "red"]);
  for (const d of [hana, ravi, tv]) expect(d.errors).toEqual([]);
}, 90_000);

test("sound is remembered per device, and off means silent", async () => {
  const four = await seatFour(app);
  const tv = await suite.device(four.code, null, `/tv/${four.code}`, TV_FULL_HD);
  await live(tv.page);
  await tv.page.getByRole("button", { name: "Sound on" }).click();
  await tv.page.reload();
  await tv.page.getByRole("button", { name: "Sound off" }).waitFor();
  await live(tv.page);
  await startGame(app, four.blue1, 1, 30);
  await tv.page.getByText("Round 1 of 1 is about to start").waitFor();
  await fetch(`${app.url}/api/lobby/startRound`, { method: "POST", headers: { authorization: `Bearer ${four.blue1.token}`, "content-type": "application/json" }, body: "{}" });
  await tv.page.getByText(quizQuestion(1).question).waitFor();
  expect(await cues(tv.page)).toEqual([]);
  await tv.context.close();
});
