// The home page's join dialog for keyboard players, in a happy-dom document: focus moves in when it
// opens, Tab and Shift+Tab wrap inside it, Escape closes it like Cancel, and focus goes back to where
// it was (the top of the page when the dialog opened by itself). Its join call names the lobby in
// its address as well as its body (docs/cluster.md "Routing").
import { afterEach, describe, expect, test } from "bun:test";
import { act } from "react";
import type { Root } from "react-dom/client";
import { createStore } from "../../islands/client/store";
import JoinDialog from "../../islands/JoinDialog";
import { until, useFakeDom } from "../support/dom";

/** the POSTs the page made: address and body */
const posts: { url: string; body: unknown }[] = [];
const dom = useFakeDom("http://localhost:3000/", {
  assign: () => {},
  fetch: async (input, init) => {
    if (init?.method === "POST") posts.push({ url: String(input), body: JSON.parse(String(init.body)) });
    return Response.json({ success: true, data: { code: "QRST" } });
  },
});

const roots: Root[] = [];
afterEach(() => {
  posts.length = 0;
  for (const root of roots.splice(0)) act(() => root.unmount());
  document.body.innerHTML = "";
});

/** The home page's first control, then the dialog opened by ?join=qrst; resolves once it shows. */
async function openDialog(before?: (page: { top: HTMLAnchorElement; field: HTMLInputElement }) => void): Promise<HTMLElement> {
  dom.win.history.replaceState(null, "", "/?join=qrst");
  document.body.innerHTML = '<a href="/" id="top">Stealmate</a><input id="host-name">';
  before?.({ top: document.getElementById("top") as HTMLAnchorElement, field: document.getElementById("host-name") as HTMLInputElement });
  await dom.mount(JoinDialog, createStore({ page: "home", code: null, lobby: null, now: 0 }), (root) => void roots.push(root));
  await until(() => document.querySelector("[role=dialog]") !== null, "the dialog opening");
  return document.querySelector<HTMLElement>("[role=dialog]")!;
}

const press = (key: string, shiftKey = false) =>
  act(async () => void (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent("keydown", { key, shiftKey, bubbles: true, cancelable: true })));
const nameField = (dialog: HTMLElement) => dialog.querySelector("input")!;
const button = (dialog: HTMLElement, label: string) => [...dialog.querySelectorAll("button")].find((b) => b.textContent?.trim() === label)!;

describe("JoinDialog keyboard", () => {
  test("focus moves into the name field when it opens", async () => {
    const dialog = await openDialog();
    expect(dialog.textContent).toContain("Enter your name to join lobby QRST.");
    expect(document.activeElement).toBe(nameField(dialog));
  });

  test("Tab from the last control wraps to the first, Shift+Tab from the first to the last", async () => {
    const dialog = await openDialog();
    await dom.type(nameField(dialog), "Rio");
    const join = button(dialog, "Join");
    expect(join.disabled).toBe(false);
    join.focus();
    await press("Tab");
    expect(document.activeElement).toBe(nameField(dialog));
    await press("Tab", true);
    expect(document.activeElement).toBe(join);
  });

  test("a disabled Join is skipped: Cancel is then the last control", async () => {
    const dialog = await openDialog();
    button(dialog, "Cancel").focus();
    await press("Tab");
    expect(document.activeElement).toBe(nameField(dialog));
  });

  test("Tab with focus outside the dialog brings it back in", async () => {
    const dialog = await openDialog();
    (document.getElementById("top") as HTMLElement).focus();
    await press("Tab");
    expect(document.activeElement).toBe(nameField(dialog));
  });

  test("Escape closes it and focus goes back to the field that had it", async () => {
    let field: HTMLInputElement | null = null;
    await openDialog((page) => {
      field = page.field;
      page.field.focus();
    });
    await press("Escape");
    expect(document.querySelector("[role=dialog]")).toBeNull();
    expect(document.activeElement).toBe(field!);
  });

  test("opened by itself, Cancel leaves focus on the page's first control, not nowhere", async () => {
    const dialog = await openDialog();
    await act(async () => button(dialog, "Cancel").click());
    expect(document.querySelector("[role=dialog]")).toBeNull();
    expect(document.activeElement).toBe(document.getElementById("top"));
  });
});

describe("JoinDialog's join call", () => {
  test("names the lobby in its address too, for a proxy's routing", async () => {
    const dialog = await openDialog();
    await dom.type(nameField(dialog), "Rio");
    await act(async () => button(dialog, "Join").click());
    await until(() => posts.length === 1, "the join call");
    expect(posts).toEqual([{ url: "/api/lobby/join?lobby=QRST", body: { playerName: "Rio", code: "QRST" } }]);
  });
});
