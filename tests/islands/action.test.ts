// useAction (islands/client/action.ts): an action's controls are disabled while its call runs, its
// refusal shows and a success clears it, and an action that leaves the page stays disabled.
import { afterEach, describe, expect, test } from "bun:test";
import { act, createElement } from "react";
import type { Root } from "react-dom/client";
import type { Action } from "../../islands/client/action";
import { createStore } from "../../islands/client/store";
import { useFakeDom } from "../support/dom";

/** Each call waits for the test to answer it: `answer(status, body)`. */
let pending: ((res: Response) => void)[] = [];
const dom = useFakeDom("http://localhost:3000/", {
  assign: () => {},
  fetch: () => new Promise<Response>((resolve) => pending.push(resolve)),
});
const answer = (status: number, body: object) => act(async () => pending.shift()!(new Response(JSON.stringify(body), { status })));

const mounted: Root[] = [];
afterEach(() => {
  for (const root of mounted.splice(0)) act(() => root.unmount());
  document.body.innerHTML = "";
  pending = [];
});

async function probe(leaving: boolean) {
  const { useAction } = await import("../../islands/client/action");
  const { api } = await import("../../islands/client/api");
  const { Refusal } = await import("../../islands/client/refusal");
  let action: Action | undefined;
  function Probe() {
    action = useAction();
    return createElement("div", null, createElement("button", { disabled: action.busy }, "Go"), createElement(Refusal, { message: action.message }));
  }
  const el = await dom.mount(Probe, createStore({ page: "lobby", code: "ABCD", lobby: null, now: 0 }), (root) => void mounted.push(root));
  const run = () => act(async () => void action!.run("Failed to go", () => api("POST", "/api/go"), { leaving }));
  return { el, run, button: () => el.querySelector("button")!, alert: () => el.querySelector("[role=alert]")?.textContent ?? null };
}

describe("useAction", () => {
  test("disables the controls while the call runs, shows its refusal, and a success clears it", async () => {
    const p = await probe(false);
    await p.run();
    expect(p.button().disabled).toBe(true);
    await answer(409, { success: false, message: "That team is full" });
    expect(p.button().disabled).toBe(false);
    expect(p.alert()).toBe("That team is full");
    await p.run();
    await answer(500, { success: false });
    expect(p.alert()).toBe("Failed to go");
    await p.run();
    await answer(200, { success: true });
    expect(p.button().disabled).toBe(false);
    expect(p.alert()).toBeNull();
  });

  test("an action that leaves the page stays disabled on success, and not on a refusal", async () => {
    const p = await probe(true);
    await p.run();
    await answer(409, { success: false, message: "That name is taken" });
    expect(p.button().disabled).toBe(false);
    expect(p.alert()).toBe("That name is taken");
    await p.run();
    await answer(200, { success: true });
    expect(p.button().disabled).toBe(true);
    expect(p.alert()).toBeNull();
  });
});
