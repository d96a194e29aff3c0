// A host with no API key makes a category of their own and plays it, in real Chromium against the
// app as shipped (no question override: the lobby's own questions, the offline bank, the local
// judge). The host types two questions, imports a CSV (after a refused one, whose bad rows are
// listed), sees where the tag's questions will come from, plays a game asked only from those four,
// and exports the pack as CSV and JSON, whose downloaded contents are checked.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { readQuestionFile } from "../../src/api/question-files";
import { useE2eSuite } from "../support/e2e";
import { live, PHONE, DESKTOP } from "../support/phones";

const CATEGORY = "Our Crew";
const TYPED = [
  { category: CATEGORY, question: "What is the name of Hana's cat?", answer: "Biscuit", aliases: ["Biscuit the cat"] },
  { category: CATEGORY, question: "Which city did the crew visit in 2019?", answer: "Lisbon", aliases: [] },
];
const IMPORTED = [
  { category: CATEGORY, question: 'Who brought the "famous" lasagna, twice?', answer: "Marisol", aliases: ["Mari the chef"] },
  { category: CATEGORY, question: "Which plant, with holes in its leaves, does Kai love most?", answer: "Monstera", aliases: ["Swiss cheese plant", "monstera deliciosa"] },
];
const ALL = [...TYPED, ...IMPORTED];
// As a spreadsheet saves it: a BOM, Windows line ends, RFC 4180 quotes.
const CSV = '\uFEFFcategory,question,answer,aliases\r\nOur Crew,"Who brought the ""famous"" lasagna, twice?",Marisol,Mari the chef\r\nOur Crew,"Which plant, with holes in its leaves, does Kai love most?",Monstera,Swiss cheese plant|monstera deliciosa\r\n';
const BAD_CSV = "category,question,answer,aliases\r\nOur Crew,A perfectly good question?,Yes,\r\nOur Crew,A question with no answer?,,\r\n";

const { app, open, pageErrors, shots } = useE2eSuite();

/** The whole page, then the Your Questions card alone, at a phone's and a desktop's width. */
async function shoot(page: Page, name: string) {
  const own = page.viewportSize();
  for (const [size, viewport] of [["phone", PHONE.viewport], ["desktop", DESKTOP.viewport]] as const) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => new Promise(requestAnimationFrame));
    await page.screenshot({ path: join(shots, `own-${name}-${size}.png`), fullPage: true });
    await page.locator(".own").screenshot({ path: join(shots, `own-${name}-card-${size}.png`) });
  }
  if (own) await page.setViewportSize(own);
}

async function typeQuestion(host: Page, q: (typeof TYPED)[number]) {
  await host.getByLabel("Category", { exact: true }).fill(q.category);
  await host.getByLabel("Question", { exact: true }).fill(q.question);
  await host.getByLabel("Answer", { exact: true }).fill(q.answer);
  await host.getByLabel("Also accept").fill(q.aliases.join(" | "));
  await host.getByRole("button", { name: "Add question" }).click();
  await host.getByRole("status").filter({ hasText: "Question added" }).waitFor();
  // In the list (a controlled textarea also holds its text as content).
  await host.locator(".own-list").getByText(q.question).waitFor();
}

async function download(host: Page, button: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([host.waitForEvent("download"), host.getByRole("button", { name: button }).click()]);
  return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, "utf8") };
}

test("a host writes and imports questions, plays a game asked only from them, and exports them", async () => {
  const host = await open(DESKTOP);
  await host.goto(app.url + "/");
  await host.locator("#host-name").fill("Hana");
  await host.getByRole("button", { name: "Host" }).click();
  await host.waitForURL(/\/lobby\/[A-Z0-9]{4}$/);
  const code = host.url().split("/").pop()!;
  await live(host);

  const friend = await open(PHONE);
  await friend.goto(`${app.url}/?join=${code}`);
  await friend.getByRole("form", { name: /^Join lobby/ }).getByPlaceholder("Enter your name").fill("Rio");
  await friend.getByRole("form", { name: /^Join lobby/ }).getByRole("button", { name: "Join" }).click();
  await friend.waitForURL(new RegExp(`/lobby/${code}$`));
  await live(friend);
  // Only the host has the panel.
  expect(await friend.getByRole("heading", { name: "Your Questions" }).count()).toBe(0);

  // Two questions typed in.
  await host.getByRole("button", { name: "Write or import questions" }).click();
  for (const q of TYPED) await typeQuestion(host, q);

  // A file with a bad row is refused whole, and the row is named by its line.
  await host.getByLabel("Import a file").setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from(BAD_CSV) });
  await host.getByText("Line 3: Answer is blank").waitFor();
  await host.getByText("1 of 2 questions is not valid, so none was added").waitFor();
  await shoot(host, "refused-import");

  // The good file.
  await host.getByLabel("Import a file").setInputFiles({ name: "crew.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });
  await host.getByRole("status").filter({ hasText: "Added 2 questions from crew.csv" }).waitFor();
  expect(await host.getByText("Line 3: Answer is blank").count()).toBe(0);
  await host.getByText("4 questions: Our Crew (4).").waitFor();
  for (const q of IMPORTED) await host.locator(".own-list").getByText(q.question).waitFor();

  // The tag: the settings say where its questions come from, before anything is saved.
  await host.getByRole("button", { name: "Remove General" }).click();
  await host.getByPlaceholder("Add category").fill(CATEGORY);
  await host.getByPlaceholder("Add category").press("Enter");
  await host.getByLabel("Rounds").fill("6");
  await host.getByText(`${CATEGORY}: your own questions (4)`).waitFor();
  await host.getByText("4 of your questions left; 2 rounds will come from General").waitFor();
  await host.getByLabel("Rounds").fill("4");
  await host.getByText("4 of your questions left").waitFor({ state: "detached" });
  await shoot(host, "ready");
  await host.getByRole("button", { name: "Update Settings" }).click();
  await friend.getByText(CATEGORY).first().waitFor();
  // The friend's page knows nothing of the answers.
  const friendHtml = await friend.content();
  for (const secret of ALL.flatMap((q) => [q.answer, ...q.aliases])) expect(friendHtml).not.toContain(secret);

  await host.getByRole("button", { name: "Start Game" }).and(host.locator(":enabled")).click();
  await host.waitForURL(new RegExp(`/game/${code}$`));
  await friend.waitForURL(new RegExp(`/game/${code}$`));

  // Four rounds, each one of the lobby's own questions, none twice; blue answers right, red wrong.
  const asked: string[] = [];
  for (let round = 1; round <= ALL.length; round++) {
    await host.getByRole("button", { name: round === 1 ? "Start Round" : "Next Round" }).click();
    const text = (await friend.locator("h2.question").textContent())!;
    const q = ALL.find((x) => x.question === text);
    expect(q).toBeDefined();
    asked.push(text);
    await host.getByPlaceholder("Type your team answer").fill(q!.aliases[0] ?? q!.answer);
    await host.getByRole("button", { name: "Submit" }).click();
    await friend.getByPlaceholder("Type your team answer").fill("no idea");
    await friend.getByRole("button", { name: "Submit" }).click();
    await friend.getByText(`Round ${round} Results`).waitFor();
    expect(await friend.locator(".correct strong").textContent()).toBe(q!.answer);
    await friend.getByText("Blue team wins!").waitFor();
  }
  expect(asked.sort()).toEqual(ALL.map((q) => q.question).sort());
  await host.getByRole("button", { name: "See the summary" }).click();
  await host.getByText("Game Complete!").waitFor();
  await host.getByRole("button", { name: "Return to Lobby" }).click();
  await host.waitForURL(new RegExp(`/lobby/${code}$`));
  await live(host);

  // Back in the lobby: every question asked, so the tag falls back to General, and the settings say so.
  await host.getByText(`${CATEGORY}: no questions for this tag, General instead (your 4 questions here were all asked)`).waitFor();
  await host.getByRole("button", { name: "Write or import questions" }).click();
  expect(await host.getByText("asked in an earlier game").count()).toBe(4);
  await shoot(host, "after-game");

  const csv = await download(host, "Export CSV");
  expect(csv.name).toMatch(new RegExp(`^stealmate-${code}-\\d{8}-\\d{4}-questions\\.csv$`));
  expect(csv.text).toStartWith("\uFEFFcategory,question,answer,aliases\r\n");
  expect(csv.text).toContain('"Who brought the ""famous"" lasagna, twice?"');
  const readBack = readQuestionFile(csv.name, csv.text);
  expect(readBack.ok && readBack.questions).toEqual(ALL);
  // The imported rows come back exactly as the file had them.
  expect(csv.text.endsWith(CSV.slice(CSV.indexOf("\r\n") + 2))).toBe(true);

  const json = await download(host, "Export JSON");
  expect(json.name).toMatch(new RegExp(`^stealmate-${code}-\\d{8}-\\d{4}-questions\\.json$`));
  expect(JSON.parse(json.text)).toEqual({ questions: ALL });
  expect(pageErrors).toEqual([]);
}, 120_000);
