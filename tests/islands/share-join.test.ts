// The invite link beside the QR code: Web Share or the Clipboard API where the page is a secure
// context; over plain HTTP, where neither exists, the link in a field, selected, to copy.
import { afterEach, expect, test } from "bun:test";
import { act, createElement } from "react";
import type { Root } from "react-dom/client";
import ShareJoin from "../../islands/ShareJoin";
import { createStore } from "../../islands/client/store";
import { useFakeDom } from "../support/dom";

const URL_TO_SHARE = "http://192.168.1.23:3000/?join=ABCD";
const dom = useFakeDom("http://party.lan:3000/lobby/ABCD", { fetch: async () => new Response(null, { status: 204 }), assign: () => {} });
const mounted: Root[] = [];
afterEach(() => {
  for (const root of mounted.splice(0)) act(() => root.unmount());
  document.body.innerHTML = "";
  for (const api of ["share", "clipboard"]) delete (navigator as unknown as Record<string, unknown>)[api];
});

/** What the page's navigator offers: happy-dom has a clipboard of its own, which a plain-HTTP page lacks. */
const offer = (apis: { share?: unknown; clipboard?: unknown }) => {
  for (const name of ["share", "clipboard"] as const) Object.defineProperty(navigator, name, { value: apis[name], configurable: true });
};

const mount = () => dom.mount(() => createElement(ShareJoin, { url: URL_TO_SHARE }), createStore({ page: "lobby", code: "ABCD", lobby: null, now: 0 }), (root) => void mounted.push(root));
const press = async (el: HTMLElement) => {
  await act(async () => el.querySelector("button")!.click());
};

test("plain HTTP: the link appears in a field, selected and focused, with what to do", async () => {
  offer({});
  const el = await mount();
  expect(el.querySelector("input")).toBeNull();
  await press(el);
  const field = el.querySelector<HTMLInputElement>("input[aria-label='Invite link']")!;
  expect(field.value).toBe(URL_TO_SHARE);
  expect(field.readOnly).toBe(true);
  expect(document.activeElement).toBe(field);
  expect([field.selectionStart, field.selectionEnd]).toEqual([0, URL_TO_SHARE.length]);
  // happy-dom has no copy command, as a browser that refuses it: the page says to copy it by hand.
  expect(el.querySelector("[role=status]")!.textContent).toBe("Copy the link above");
  await press(el);
  expect(el.querySelectorAll("input")).toHaveLength(1);
});

test("with the Clipboard API the link is copied; with Web Share it is shared", async () => {
  const copied: string[] = [];
  offer({ clipboard: { writeText: async (text: string) => void copied.push(text) } });
  let el = await mount();
  await press(el);
  expect(copied).toEqual([URL_TO_SHARE]);
  expect(el.querySelector("[role=status]")!.textContent).toBe("Link copied");
  expect(el.querySelector("input")).toBeNull();

  const shared: unknown[] = [];
  offer({ share: async (data: unknown) => void shared.push(data) });
  el = await mount();
  await press(el);
  expect(shared).toEqual([{ title: "Join my Stealmate game", url: URL_TO_SHARE }]);
});
