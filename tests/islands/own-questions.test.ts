// The host's own questions on the lobby page, in a happy-dom document: only the host sees the panel
// or causes the fetch, the calls it makes (POST, PUT, DELETE) with their bodies, refusals shown where
// the host acted (a refused import lists each bad row by its line), and the settings panel saying
// where each tag's questions come from.
import { afterEach, describe, expect, test } from "bun:test";
import { act, type ComponentType } from "react";
import type { Root } from "react-dom/client";
import type { OwnQuestionView } from "../../src/ai/tag-sources";
import type { Player, Team } from "../../src/game/types";
import type { LobbyView } from "../../src/game/views";
import { createStore, type Store } from "../../islands/client/store";
import { useFakeDom } from "../support/dom";

interface Call {
  method: string;
  url: string;
  body: unknown;
}
let calls: Call[] = [];
/** The server's answer to a call, by method and path. */
let answer: (method: string, url: string) => { status: number; json: Record<string, unknown> };

const QUESTIONS: OwnQuestionView[] = [
  { id: 11, category: "90s Movies", question: "Which 1997 film sank with a liner?", answer: "Titanic", aliases: [], asked: false },
  { id: 12, category: "90s Movies", question: "Which pill does Neo take?", answer: "Red", aliases: ["the red pill"], asked: true },
];
const BOOK = { success: true, questions: QUESTIONS, bank: ["General", "Science"], ai: false };
const okAnswer = (method: string, url: string) => ({ status: 200, json: method === "GET" && url === "/api/lobby/questions" ? BOOK : { success: true, added: 1, total: 3 } });

const dom = useFakeDom("http://localhost:3000/lobby/ABCD", {
  assign: () => {},
  fetch: async (input, init) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const { status, json } = answer(method, url);
    return new Response(JSON.stringify(json), { status, headers: { "content-type": "application/json" } });
  },
});

const mounted: Root[] = [];
afterEach(() => {
  for (const root of mounted.splice(0)) act(() => root.unmount());
  document.body.innerHTML = "";
  calls = [];
  answer = okAnswer;
});
answer = okAnswer;

const player = (id: string, team: Team, extra: Partial<Player> = {}): Player => ({ id, name: id, team, isCaptain: false, isHost: false, connected: true, ...extra });
const lobby = (tags: string[], rounds = 7): LobbyView => {
  const ann = player("ann", "blue", { isHost: true });
  return { code: "ABCD", host: { id: "ann", name: "ann" }, blueTeam: [ann], redTeam: [player("bob", "red")], captains: { blue: null, red: null }, settings: { rounds, roundLimit: 60, tags }, gameState: null };
};
function storeFor(meId: string, tags = ["90s Movies"], rounds = 7): Store {
  const store = createStore({ page: "lobby", code: "ABCD", lobby: lobby(tags, rounds), now: 0 });
  store.meId.value = meId;
  return store;
}

const mount = (island: ComponentType, store: Store) => dom.mount(island, store, (root) => void mounted.push(root));
const islands = async () => ({ OwnQuestions: (await import("../../islands/OwnQuestions")).default, SettingsPanel: (await import("../../islands/SettingsPanel")).default });
const button = (el: ParentNode, name: string) => {
  const found = [...el.querySelectorAll("button")].find((b) => (b.getAttribute("aria-label") ?? b.textContent?.trim()) === name);
  if (!found) throw new Error(`no button '${name}'`);
  return found;
};
const click = (el: Element) => act(async () => void (el as HTMLElement).click());
/** Lets the fetches and the renders they cause finish. */
const settle = () => act(async () => void (await new Promise((r) => setTimeout(r, 0))));
async function typeText(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto = field.tagName === "TEXTAREA" ? dom.win.HTMLTextAreaElement.prototype : dom.win.HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, "value")!.set!.call(field, value);
    field.dispatchEvent(new dom.win.Event("input", { bubbles: true }) as unknown as Event);
  });
}
const field = <T extends Element>(el: ParentNode, id: string) => el.querySelector<T & HTMLInputElement>(`#${id}`)!;

async function openPanel(store = storeFor("ann")) {
  const { OwnQuestions } = await islands();
  const el = await mount(OwnQuestions, store);
  await settle();
  await click(button(el, "Write or import questions"));
  return { el, store };
}

describe("who sees it", () => {
  test("a player who is not the host sees nothing and fetches nothing", async () => {
    const { OwnQuestions } = await islands();
    const el = await mount(OwnQuestions, storeFor("bob"));
    await settle();
    expect(el.innerHTML).toBe("");
    expect(calls).toEqual([]);
  });

  test("the host's page fetches the list and sums it up; the editor opens with a labelled form", async () => {
    const { el, store } = await openPanel();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(["GET /api/lobby/questions"]);
    expect(store.questionBook.value?.questions).toEqual(QUESTIONS);
    expect(el.textContent).toContain("2 questions: 90s Movies (2).");
    for (const id of ["own-category", "own-question", "own-answer", "own-aliases", "own-file"]) expect(el.querySelector(`label[for=${id}]`)).not.toBeNull();
    expect(button(el, "Hide").getAttribute("aria-expanded")).toBe("true");
    expect(el.textContent).toContain("Which pill does Neo take?");
    expect(el.textContent).toContain("asked in an earlier game");
  });

  test("a host who hands the role over drops the list", async () => {
    const { el, store } = await openPanel();
    await act(async () => {
      store.lobby.value = { ...store.lobby.value!, host: { id: "bob", name: "bob" } };
    });
    expect(el.innerHTML).toBe("");
    expect(store.questionBook.value).toBeNull();
  });
});

describe("writing, editing, deleting", () => {
  test("a new question is POSTed as a batch of one, aliases split on |; the category stays for the next", async () => {
    const { el } = await openPanel();
    expect(button(el, "Add question").disabled).toBe(true);
    await typeText(field(el, "own-category"), " Cats ");
    await typeText(field(el, "own-question"), "How many lives has a cat?");
    await typeText(field(el, "own-answer"), "Nine");
    await typeText(field(el, "own-aliases"), "9 | nine lives ||");
    await click(button(el, "Add question"));
    await settle();
    expect(calls.slice(1).map((c) => [c.method, c.url, c.body])).toEqual([
      ["POST", "/api/lobby/questions", { questions: [{ category: "Cats", question: "How many lives has a cat?", answer: "Nine", aliases: ["9", "nine lives"] }] }],
      ["GET", "/api/lobby/questions", undefined],
    ]);
    expect(field(el, "own-category").value).toBe(" Cats ");
    expect(field(el, "own-question").value).toBe("");
    expect(el.querySelector("[role=status]")!.textContent).toBe("Question added (3 in your list)");
  });

  test("a refused question is shown in the form, with the server's reason, and the text stays", async () => {
    answer = (method, url) => (method === "POST" ? { status: 400, json: { success: false, message: "The question is not valid, so none was added", errors: [{ row: 1, message: "Question must be at least 5 characters" }] } } : okAnswer(method, url));
    const { el } = await openPanel();
    await typeText(field(el, "own-category"), "Cats");
    await typeText(field(el, "own-question"), "Why");
    await typeText(field(el, "own-answer"), "Because");
    await click(button(el, "Add question"));
    await settle();
    const form = el.querySelector("form")!;
    expect(form.querySelector("[role=alert]")!.textContent).toBe("Question must be at least 5 characters");
    expect(field(el, "own-question").value).toBe("Why");
  });

  test("Edit fills the form; saving PUTs that id; Delete sends DELETE and focus stays in the list", async () => {
    const { el } = await openPanel();
    await click(button(el, "Edit question 2"));
    expect(el.querySelector("h3")!.textContent).toBe("Edit question");
    expect([field(el, "own-category").value, field(el, "own-question").value, field(el, "own-answer").value, field(el, "own-aliases").value]).toEqual(["90s Movies", "Which pill does Neo take?", "Red", "the red pill"]);
    expect(document.activeElement?.id).toBe("own-question");
    await typeText(field(el, "own-answer"), "The red one");
    await click(button(el, "Save question"));
    await settle();
    expect(calls[1]).toEqual({ method: "PUT", url: "/api/lobby/questions/12", body: { category: "90s Movies", question: "Which pill does Neo take?", answer: "The red one", aliases: ["the red pill"] } });
    expect(document.activeElement?.id).toBe("own-edit-12");
    expect(el.querySelector("h3")!.textContent).toBe("New question");

    await click(button(el, "Delete question 1"));
    await settle();
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.url)).toEqual(["/api/lobby/questions/11"]);
    expect(document.activeElement?.id).toBe("own-edit-12");
  });

  test("a refused delete is shown at the list", async () => {
    answer = (method, url) => (method === "DELETE" ? { status: 404, json: { success: false, message: "No such question in this lobby" } } : okAnswer(method, url));
    const { el } = await openPanel();
    await click(button(el, "Delete question 1"));
    await settle();
    expect(el.querySelector(".own-list")!.parentElement!.querySelector("[role=alert]")!.textContent).toBe("No such question in this lobby");
  });
});

describe("importing a file", () => {
  async function choose(el: HTMLElement, name: string, text: string) {
    const input = field(el, "own-file");
    const file = new dom.win.File([text], name, { type: "text/csv" });
    Object.defineProperty(input, "files", { value: [file], configurable: true });
    await act(async () => void input.dispatchEvent(new dom.win.Event("change", { bubbles: true }) as unknown as Event));
    await settle();
    await settle();
  }

  test("the file's text goes to the server as it is; the host is told how many were added", async () => {
    answer = (method, url) => (url.endsWith("/import") ? { status: 200, json: { success: true, added: 2, total: 4, read: 3 } } : okAnswer(method, url));
    const { el } = await openPanel();
    const text = 'category,question,answer,aliases\r\nCats,"How many lives, in all?",Nine,9|nine\r\n';
    await choose(el, "cats.csv", text);
    expect(calls[1]).toEqual({ method: "POST", url: "/api/lobby/questions/import", body: { name: "cats.csv", text } });
    expect(el.querySelector("[role=status]")!.textContent).toBe("Added 2 questions from cats.csv (1 already in your list)");
  });

  test("a refused import names every bad row: by its line in a CSV, by its number in a JSON file", async () => {
    answer = (method, url) =>
      url.endsWith("/import")
        ? { status: 400, json: { success: false, message: "2 of 3 questions are not valid, so none was added", errors: [{ row: 1, line: 2, message: "Answer is blank" }, { row: 3, message: "Category is blank" }] } }
        : okAnswer(method, url);
    const { el } = await openPanel();
    await choose(el, "mine.csv", "category,question,answer\nCats,First question?,\n");
    const files = el.querySelector(".own-files")!;
    expect(files.querySelector("[role=alert]")!.textContent).toBe("mine.csv: 2 of 3 questions are not valid, so none was added");
    expect([...files.querySelectorAll(".row-errors li")].map((li) => li.textContent)).toEqual(["Line 2: Answer is blank", "Question 3: Category is blank"]);
  });

  test("a file too large for a lobby is refused on the page, without sending it", async () => {
    const { el } = await openPanel();
    await choose(el, "huge.csv", "x".repeat(513 * 1024));
    expect(el.querySelector(".own-files [role=alert]")!.textContent).toBe("huge.csv is too large for a lobby's questions");
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });
});

describe("where questions come from, in the settings panel", () => {
  test("the host sees each tag's source and a note when own questions run short; players see none of it", async () => {
    const { SettingsPanel } = await islands();
    const store = storeFor("ann", ["90s Movies", "Science", "Knitting"], 6);
    const el = await mount(SettingsPanel, store);
    expect(el.textContent).not.toContain("Where questions come from");
    await act(async () => {
      store.questionBook.value = { questions: QUESTIONS, bank: ["General", "Science"], ai: false };
    });
    expect([...el.querySelectorAll(".sources li")].map((li) => li.textContent)).toEqual([
      "90s Movies: your own questions (1 of 2 not asked yet)",
      "Science: the built-in bank",
      "Knitting: no questions for this tag, Science instead",
    ]);
    expect(el.querySelector(".source-note")!.textContent).toBe("1 of your questions left; 1 round will come from Science");

    // It follows the host's unsaved edits: with no tags, General.
    await click(button(el, "Remove Science"));
    await click(button(el, "Remove Knitting"));
    await click(button(el, "Remove 90s Movies"));
    expect([...el.querySelectorAll(".sources li")].map((li) => li.textContent)).toEqual(["General: the built-in bank"]);

    const theirs = await mount(SettingsPanel, storeFor("bob"));
    expect(theirs.querySelector(".sources")).toBeNull();
  });
});
