// A game page's fake document for island tests: every API call the page makes is answered with
// success and recorded, and after each test the mounted roots are unmounted, the page emptied, the
// calls forgotten and the timers made real again.
import { afterEach, jest } from "bun:test";
import { act } from "react";
import type { Root } from "react-dom/client";
import { useFakeDom } from "./dom";

export function useGamePageDom(url = "http://localhost:3000/game/ABCD") {
  const calls: { url: string; body: unknown }[] = [];
  const roots: Root[] = [];
  const dom = useFakeDom(url, {
    assign: () => {},
    fetch: async (input, init) => {
      calls.push({ url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(JSON.stringify({ success: true }), { status: 200 });
    },
  });
  afterEach(() => {
    for (const root of roots.splice(0)) act(() => root.unmount());
    document.body.innerHTML = "";
    calls.length = 0;
    jest.useRealTimers();
  });
  return { dom, calls, roots };
}
