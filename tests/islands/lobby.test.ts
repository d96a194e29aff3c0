// The lobby islands in a happy-dom document: team seats, host-only controls, tag rules, the bodies
// sent to the server, the start condition, lobby links, and a server render that hydrates cleanly.
import { afterEach, describe, expect, test } from "bun:test";
import { act, createElement, type ComponentType } from "react";
import type { Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { player } from "../support/views";
import type { LobbyView } from "../../src/game/views";
import type { IslandRegistry } from "../../islands/client/marker";
import { createStore, StoreContext, type Store } from "../../islands/client/store";
import { until, useFakeDom } from "../support/dom";

interface Call {
  method: string;
  url: string;
  auth: string | null;
  body: unknown;
}
let calls: Call[] = [];
let answer: (url: string) => Record<string, unknown> = () => ({ success: true });
let visits: string[] = [];

const dom = useFakeDom("http://localhost:3000/lobby/ABCD", {
  // navigate.ts goes through location.assign; recording it keeps happy-dom from loading pages.
  assign: (path) => visits.push(String(path)),
  fetch: async (input, init) => {
    const url = String(input);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({ method: init?.method ?? "GET", url, auth: headers.authorization ?? null, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const json = answer(url);
    return new Response(JSON.stringify(json), { status: json.success ? 200 : 409, headers: { "content-type": "application/json" } });
  },
});

const mounted: { root: Root; el: HTMLElement }[] = [];
afterEach(() => {
  for (const m of mounted.splice(0)) act(() => m.root.unmount());
  document.body.innerHTML = "";
  localStorage.clear();
  calls = [];
  visits = [];
  answer = () => ({ success: true });
});

// ---- fixtures ---------------------------------------------------------------------------------


/**
 * Host Ann captains blue with Bob; red is Cat (away) and Dan with no captain (as a lobby saved before
 * captains came by themselves), unless `redCaptain`; only the first `redCount` of them.
 */
function lobbyView({ redCaptain = false, blueCount = 2, redCount = 2 } = {}): LobbyView {
  const ann = player("ann", "blue", { isCaptain: true, isHost: true });
  const blue = [ann, player("bob", "blue"), ...Array.from({ length: blueCount - 2 }, (_, i) => player(`extra${i}`, "blue"))];
  const cat = player("cat", "red", { connected: false, isCaptain: redCaptain });
  const red = [cat, player("dan", "red")].slice(0, redCount);
  return {
    code: "ABCD",
    host: { id: "ann", name: "Ann" },
    blueTeam: blue,
    redTeam: red,
    captains: { blue: ann, red: redCaptain ? cat : null },
    settings: { rounds: 7, roundLimit: 60, tags: ["General"] },
    gameState: null,
  };
}

function storeFor(lobby: LobbyView, meId: string | null): Store {
  const store = createStore({ page: "lobby", code: "ABCD", lobby, now: 0 });
  store.meId.value = meId;
  return store;
}

const mount = (island: ComponentType, store: Store) => dom.mount(island, store, (root, el) => void mounted.push({ root, el }));

/** The lobby page's registry, loaded once the fake DOM is in place. */
const loadIslands = async () => (await import("../../islands/registry/lobby")).lobbyIslands;

const buttons = (el: HTMLElement, text: string) => [...el.querySelectorAll("button")].filter((b) => b.textContent?.trim() === text);
const button = (el: HTMLElement, text: string) => {
  const b = buttons(el, text)[0];
  if (!b) throw new Error(`no button '${text}'`);
  return b;
};
const click = (el: Element) => act(async () => void (el as HTMLElement).click());
const type = (input: HTMLInputElement, value: string) => dom.type(input, value);
const press = (input: HTMLElement, key: string) => act(async () => void input.dispatchEvent(new dom.win.KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }) as unknown as Event));
const inputs = (el: HTMLElement) => ({
  rounds: el.querySelector<HTMLInputElement>("#set-rounds")!,
  limit: el.querySelector<HTMLInputElement>("#set-limit")!,
  tag: el.querySelector<HTMLInputElement>('input[placeholder="Add category"]')!,
  add: el.querySelector<HTMLButtonElement>('button[aria-label="Add category"]')!,
});
/** Confirms the open confirmation dialog (islands/client/confirm.tsx) with its action button. */
const confirmDialog = (el: HTMLElement) => click(el.querySelector("dialog[open] button.danger")!);
const chipTexts = (el: HTMLElement) => [...el.querySelectorAll(".chip")].map((c) => c.firstChild?.textContent);

// ---- TeamPanels -------------------------------------------------------------------------------

describe("TeamPanels", () => {
  test("headings count each team against the size of 8, with a shape beside the colour", async () => {
    const { TeamPanels } = await loadIslands();
    const el = await mount(TeamPanels, storeFor(lobbyView(), "bob"));
    const headings = [...el.querySelectorAll("h2")];
    expect(headings.map((h) => h.textContent)).toEqual(["●Blue Team (2/8)", "▲Red Team (2/8)"]);
    expect(headings.every((h) => h.querySelector(".shape")?.getAttribute("aria-hidden") === "true")).toBe(true);
  });

  test("a filled captain slot names the captain and lets anyone else take the role; a vacant one offers 'Become Captain'", async () => {
    const { TeamPanels } = await loadIslands();
    const el = await mount(TeamPanels, storeFor(lobbyView(), "bob"));
    const [blue, red] = [...el.querySelectorAll("section")] as HTMLElement[];
    expect(blue!.querySelector(".slot")!.textContent).toBe("CAPTAINAnn");
    expect(buttons(blue!, "Become Captain")).toHaveLength(1);
    const vacant = red!.querySelector(".slot.vacant")!;
    expect(vacant.textContent).toContain("CAPTAIN");
    expect(buttons(red!, "Become Captain")).toHaveLength(1);
    // The captain is not offered their own role.
    const captain = await mount(TeamPanels, storeFor(lobbyView(), "ann"));
    expect(buttons([...captain.querySelectorAll("section")][0] as HTMLElement, "Become Captain")).toHaveLength(0);
  });

  test("member rows: YOU for the viewer, away players dimmed and marked in words", async () => {
    const { TeamPanels } = await loadIslands();
    const el = await mount(TeamPanels, storeFor(lobbyView(), "bob"));
    const rows = [...el.querySelectorAll(".players li")] as HTMLElement[];
    const bob = rows.find((r) => r.textContent?.includes("Bob"))!;
    expect(bob.querySelector(".badge")?.textContent).toBe("YOU");
    const cat = rows.find((r) => r.textContent?.includes("Cat"))!;
    expect(cat.textContent).toContain("(away)");
    expect(cat.querySelector(".who")!.classList.contains("off")).toBe(true);
    expect(bob.querySelector(".who")!.classList.contains("off")).toBe(false);
    expect(el.querySelectorAll(".badge.you")).toHaveLength(1);
  });

  test("'Join as Member' shows for teams with room the viewer isn't a plain member of, and hides at 8", async () => {
    const { TeamPanels } = await loadIslands();
    // Bob is a blue member: only red offers it.
    let el = await mount(TeamPanels, storeFor(lobbyView(), "bob"));
    let [blue, red] = [...el.querySelectorAll("section.team")] as HTMLElement[];
    expect(buttons(blue!, "Join as Member")).toHaveLength(0);
    expect(buttons(red!, "Join as Member")).toHaveLength(1);
    // Ann captains blue: joining blue as a member (stepping down) is offered.
    el = await mount(TeamPanels, storeFor(lobbyView(), "ann"));
    [blue] = [...el.querySelectorAll("section.team")] as HTMLElement[];
    expect(buttons(blue!, "Join as Member")).toHaveLength(1);
    // A full blue team: Dan (red) may not join it, nor take a vacant seat there.
    el = await mount(TeamPanels, storeFor(lobbyView({ blueCount: 8 }), "dan"));
    [blue, red] = [...el.querySelectorAll("section.team")] as HTMLElement[];
    expect(blue!.querySelector("h2")!.textContent).toContain("Blue Team (8/8)");
    expect(buttons(blue!, "Join as Member")).toHaveLength(0);
  });

  test("seat buttons send teamSelect and stay inert until the viewer is known", async () => {
    const { TeamPanels } = await loadIslands();
    const anon = await mount(TeamPanels, storeFor(lobbyView(), null));
    expect(button(anon, "Become Captain").disabled).toBe(true);
    expect(buttons(anon, "Join as Member").every((b) => b.disabled)).toBe(true);

    localStorage.setItem("gameToken", "tok");
    const el = await mount(TeamPanels, storeFor(lobbyView(), "bob"));
    const [blue, red] = [...el.querySelectorAll("section.team")] as HTMLElement[];
    await click(button(blue!, "Become Captain"));
    await click(button(red!, "Become Captain"));
    await click(button(el, "Join as Member"));
    expect(calls.map((c) => [c.url, c.body, c.auth])).toEqual([
      ["/api/lobby/teamSelect", { team: "blue", isCaptain: true }, "Bearer tok"],
      ["/api/lobby/teamSelect", { team: "red", isCaptain: true }, "Bearer tok"],
      ["/api/lobby/teamSelect", { team: "red", isCaptain: false }, "Bearer tok"],
    ]);
  });

  test("a failed team select is logged with the server's message or 'Failed to join team'", async () => {
    const { TeamPanels } = await loadIslands();
    const logged: unknown[] = [];
    const realError = console.error;
    console.error = (...args: unknown[]) => void logged.push(args[0]);
    try {
      const el = await mount(TeamPanels, storeFor(lobbyView(), "bob"));
      answer = () => ({ success: false });
      await click(button(el, "Become Captain"));
      answer = () => ({ success: false, message: "Captain taken" });
      await click(button(el, "Become Captain"));
    } finally {
      console.error = realError;
    }
    expect(logged).toEqual(["Failed to join team", "Captain taken"]);
  });

  test("only the host sees kick buttons, one per other player, labelled with the name", async () => {
    const { TeamPanels } = await loadIslands();
    const guest = await mount(TeamPanels, storeFor(lobbyView({ redCaptain: true }), "bob"));
    expect(guest.querySelectorAll("button.kick")).toHaveLength(0);
    const host = await mount(TeamPanels, storeFor(lobbyView({ redCaptain: true }), "ann"));
    const labels = [...host.querySelectorAll("button.kick")].map((b) => b.getAttribute("aria-label"));
    expect(labels.sort()).toEqual(["Kick Bob", "Kick Cat", "Kick Dan"]);
    answer = () => ({ success: false, message: "nope" });
    const realError = console.error;
    console.error = () => {};
    try {
      await click(host.querySelector('[aria-label="Kick Cat"]')!);
      expect(calls).toEqual([]);
      expect(host.querySelector("dialog")!.textContent).toContain("Kick Cat?");
      await confirmDialog(host);
    } finally {
      console.error = realError;
    }
    expect(calls.at(-1)).toMatchObject({ url: "/api/lobby/kickPlayer", body: { playerId: "cat" } });
  });

  test("follows the store: a socket event's lobby re-renders the teams", async () => {
    const { TeamPanels } = await loadIslands();
    const store = storeFor(lobbyView(), "bob");
    const el = await mount(TeamPanels, store);
    await act(async () => {
      store.lobby.value = lobbyView({ redCaptain: true });
    });
    expect(el.querySelectorAll(".slot.vacant")).toHaveLength(0);
    expect([...el.querySelectorAll("section")][1]!.querySelector(".slot")!.textContent).toContain("CAPTAINCat");
  });
});

// ---- SettingsPanel ----------------------------------------------------------------------------

describe("SettingsPanel", () => {

  test("non-hosts see the settings, disabled, without 'Update Settings' or chip removal", async () => {
    const { SettingsPanel } = await loadIslands();
    const el = await mount(SettingsPanel, storeFor(lobbyView(), "bob"));
    expect(el.querySelector("h2")!.textContent).toBe("Game Settings");
    const { rounds, limit, tag, add } = inputs(el);
    expect([rounds.value, limit.value]).toEqual(["7", "60"]);
    expect([rounds.disabled, limit.disabled, tag.disabled, add.disabled]).toEqual([true, true, true, true]);
    expect(buttons(el, "Update Settings")).toHaveLength(0);
    expect(el.querySelectorAll('button[aria-label^="Remove"]')).toHaveLength(0);
    expect(chipTexts(el)).toEqual(["General"]);
  });

  test("a tournament's settings have no Rounds field: it plays to its champion", async () => {
    const { SettingsPanel } = await loadIslands();
    const el = await mount(SettingsPanel, storeFor({ ...lobbyView(), mode: "tournament" }, "ann"));
    expect(el.querySelector("#set-rounds")).toBeNull();
    expect(el.querySelector<HTMLInputElement>("#set-limit")!.value).toBe("60");
  });

  test("the host edits; the add button waits for non-blank text", async () => {
    const { SettingsPanel } = await loadIslands();
    const el = await mount(SettingsPanel, storeFor(lobbyView(), "ann"));
    const { rounds, tag, add } = inputs(el);
    expect(rounds.disabled).toBe(false);
    expect(buttons(el, "Update Settings")).toHaveLength(1);
    expect(add.disabled).toBe(true);
    await type(tag, "   ");
    expect(add.disabled).toBe(true);
    await press(tag, "Enter");
    expect(chipTexts(el)).toEqual(["General"]);
    await type(tag, " Movies ");
    expect(add.disabled).toBe(false);
    await click(add);
    expect(chipTexts(el)).toEqual(["General", "Movies"]);
    expect(tag.value).toBe("");
  });

  test("Enter adds a tag; a duplicate ignoring case is not added; chips are removable", async () => {
    const { SettingsPanel } = await loadIslands();
    const el = await mount(SettingsPanel, storeFor(lobbyView(), "ann"));
    const { tag } = inputs(el);
    await type(tag, "Space");
    await press(tag, "Enter");
    await type(tag, "  gEnErAl ");
    await press(tag, "Enter");
    await type(tag, "SPACE");
    await click(inputs(el).add);
    expect(chipTexts(el)).toEqual(["General", "Space"]);
    expect(calls).toHaveLength(0); // Enter in the tag input never submits the form
    await click(el.querySelector('button[aria-label="Remove General"]')!);
    expect(chipTexts(el)).toEqual(["Space"]);
  });

  test("'Update Settings' sends clamped numbers and the tags", async () => {
    const { SettingsPanel } = await loadIslands();
    const store = storeFor(lobbyView(), "ann");
    const el = await mount(SettingsPanel, store);
    const { rounds, limit, tag } = inputs(el);
    await type(rounds, "50");
    await type(limit, "5");
    await type(tag, "Music");
    await press(tag, "Enter");
    answer = () => ({ success: true, settings: { rounds: 20, roundLimit: 15, tags: ["General", "Music"] } });
    await click(button(el, "Update Settings"));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: "POST", url: "/api/lobby/updateSettings", body: { settings: { rounds: 20, roundLimit: 15, tags: ["General", "Music"] } } });
    expect(store.lobby.value!.settings).toEqual({ rounds: 20, roundLimit: 15, tags: ["General", "Music"] });
    expect([rounds.value, limit.value]).toEqual(["20", "15"]);

    // Cleared fields are non-numbers: they become the minimums.
    await type(rounds, "");
    await type(limit, "");
    await click(button(el, "Update Settings"));
    expect(calls[1]!.body).toMatchObject({ settings: { rounds: 1, roundLimit: 15 } });
  });

  test("re-syncs with settings-updated events unless the host is mid-edit", async () => {
    const { SettingsPanel } = await loadIslands();
    const guestStore = storeFor(lobbyView(), "bob");
    const guest = await mount(SettingsPanel, guestStore);
    await act(async () => {
      guestStore.lobby.value = { ...guestStore.lobby.value!, settings: { rounds: 3, roundLimit: 90, tags: ["Art"] } };
    });
    expect([inputs(guest).rounds.value, inputs(guest).limit.value]).toEqual(["3", "90"]);
    expect(chipTexts(guest)).toEqual(["Art"]);

    const hostStore = storeFor(lobbyView(), "ann");
    const host = await mount(SettingsPanel, hostStore);
    await type(inputs(host).rounds, "12");
    await act(async () => {
      hostStore.lobby.value = { ...hostStore.lobby.value!, settings: { rounds: 3, roundLimit: 90, tags: ["Art"] } };
    });
    expect(inputs(host).rounds.value).toBe("12");
  });
});

// ---- LobbyActions and HostFooter --------------------------------------------------------------

describe("LobbyActions", () => {
  test("the host's 'Start Game' waits for a player on each team and says so beside it", async () => {
    const { LobbyActions } = await loadIslands();
    const store = storeFor(lobbyView({ redCount: 0 }), "ann");
    const el = await mount(LobbyActions, store);
    expect(buttons(el, "Leave Lobby")).toHaveLength(0);
    const start = button(el, "Start Game");
    expect(start.disabled).toBe(true);
    const reason = el.querySelector(`#${start.getAttribute("aria-describedby")}`)!;
    expect(reason.textContent).toBe("Red Team needs a player");
    expect(reason.className).not.toContain("sr-only");
    await act(async () => {
      store.lobby.value = lobbyView({ redCount: 1 });
    });
    expect(button(el, "Start Game").disabled).toBe(false);
    await click(button(el, "Start Game"));
    expect(calls.map((c) => c.url)).toEqual(["/api/lobby/start"]);
    expect(visits).toEqual(["/game/ABCD"]);
  });

  test("'Start Game' saves the settings as they stand on screen first, and does not start when that is refused", async () => {
    const { LobbyActions, SettingsPanel } = await loadIslands();
    const store = storeFor(lobbyView({ redCaptain: true }), "ann");
    const panel = await mount(SettingsPanel, store);
    const el = await mount(LobbyActions, store);
    await type(inputs(panel).rounds, "3");
    await type(inputs(panel).limit, "500");
    answer = () => ({ success: false, message: "Settings are locked during a game" });
    const realError = console.error;
    console.error = () => {};
    try {
      await click(button(el, "Start Game"));
    } finally {
      console.error = realError;
    }
    expect(calls.map((c) => c.url)).toEqual(["/api/lobby/updateSettings"]);
    expect(el.querySelector("[role=alert]")!.textContent).toBe("Settings are locked during a game");
    calls = [];
    answer = (url) => (url.endsWith("updateSettings") ? { success: true, settings: { rounds: 3, roundLimit: 120, tags: ["General"] } } : { success: true });
    await click(button(el, "Start Game"));
    expect(calls.map((c) => [c.url, c.body])).toEqual([
      ["/api/lobby/updateSettings", { settings: { rounds: 3, roundLimit: 120, tags: ["General"] } }],
      ["/api/lobby/start", undefined],
    ]);
    expect(store.settingsDraft.value).toBeNull();
    expect(inputs(panel).rounds.value).toBe("3");
  });

  test("'End Lobby' clears the session and goes home only on success", async () => {
    const { LobbyActions } = await loadIslands();
    localStorage.setItem("gameToken", "tok");
    localStorage.setItem("lobbyCode", "ABCD");
    const el = await mount(LobbyActions, storeFor(lobbyView(), "ann"));
    const logged: unknown[] = [];
    const realError = console.error;
    console.error = (m: unknown) => void logged.push(m);
    answer = () => ({ success: false });
    try {
      await click(button(el, "End Lobby"));
      expect(calls).toEqual([]);
      await confirmDialog(el);
    } finally {
      console.error = realError;
    }
    expect(logged).toEqual(["Failed to end lobby"]);
    expect(localStorage.getItem("gameToken")).toBe("tok");
    expect(visits).toEqual([]);
    answer = () => ({ success: true });
    await click(button(el, "End Lobby"));
    await confirmDialog(el);
    expect(localStorage.getItem("gameToken")).toBeNull();
    expect(localStorage.getItem("lobbyCode")).toBeNull();
    expect(visits).toEqual(["/"]);
  });

  test("non-hosts (and the server render's unknown viewer) get only 'Leave Lobby'", async () => {
    const { LobbyActions } = await loadIslands();
    const anon = await mount(LobbyActions, storeFor(lobbyView(), null));
    expect([...anon.querySelectorAll("button")].map((b) => b.textContent)).toEqual(["Leave Lobby"]);
    localStorage.setItem("gameToken", "tok");
    const el = await mount(LobbyActions, storeFor(lobbyView(), "bob"));
    expect(buttons(el, "Start Game")).toHaveLength(0);
    await click(button(el, "Leave Lobby"));
    expect(el.querySelector("dialog")!.textContent).toContain("Leave the lobby?");
    await confirmDialog(el);
    expect(calls.map((c) => [c.url, c.auth])).toEqual([["/api/lobby/leave", "Bearer tok"]]);
    expect(localStorage.getItem("gameToken")).toBeNull();
    expect(visits).toEqual(["/"]);
  });

  test("HostFooter names the host", async () => {
    const { HostFooter } = await loadIslands();
    const el = await mount(HostFooter, storeFor(lobbyView(), null));
    expect(el.textContent).toBe("Host: Ann");
  });
});

// ---- lobby links and hydration ----------------------------------------------------------------

describe("lobby links", () => {
  test("with a token, a lobby link leaves, clears the session, then navigates", async () => {
    const { installLobbyLinks } = await import("../../islands/client/lobby-links");
    installLobbyLinks(document);
    // The last listener on the way up records whether the page took the click, then keeps happy-dom
    // from following the link itself.
    const taken: boolean[] = [];
    const keep = (e: { defaultPrevented: boolean; preventDefault(): void }) => {
      taken.push(e.defaultPrevented);
      e.preventDefault();
    };
    dom.win.addEventListener("click", keep);
    document.body.innerHTML = '<a href="/lobby/WXYZ"><span id="inner">Other lobby</span></a><a href="/"><span id="home">Home</span></a>';
    const clickOn = (id: string, init: { ctrlKey?: boolean } = {}) => document.getElementById(id)!.dispatchEvent(new dom.win.MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init }) as unknown as Event);

    clickOn("inner"); // no token: the browser follows the link as usual
    localStorage.setItem("gameToken", "tok");
    localStorage.setItem("lobbyCode", "ABCD");
    clickOn("home"); // not a lobby link
    clickOn("inner", { ctrlKey: true }); // a new tab: this page keeps its seat
    expect(taken).toEqual([false, false, false]);
    expect(calls).toHaveLength(0);

    clickOn("inner");
    expect(taken.at(-1)).toBe(true);
    await until(() => visits.length > 0, "the navigation after leaving");
    expect(calls.map((c) => [c.url, c.auth])).toEqual([["/api/lobby/leave", "Bearer tok"]]);
    expect(localStorage.getItem("gameToken")).toBeNull();
    expect(localStorage.getItem("lobbyCode")).toBeNull();
    expect(visits).toEqual(["/lobby/WXYZ"]);
    dom.win.removeEventListener("click", keep);
  });
});

describe("server render", () => {
  test("every island hydrates the server's HTML without a mismatch, then shows the viewer", async () => {
    const islands = await loadIslands();
    const lobby = lobbyView();
    const errors: unknown[] = [];
    const realError = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      for (const [name, island] of Object.entries(islands as IslandRegistry)) {
        const serverStore = createStore({ page: "lobby", code: "ABCD", lobby, now: 0 });
        const html = renderToString(createElement(StoreContext.Provider, { value: serverStore }, createElement(island)));
        // The unknown viewer: no YOU badge, no host controls.
        expect(html).not.toContain("YOU");
        expect(html).not.toContain("Update Settings");
        const el = document.createElement("div");
        el.innerHTML = html;
        document.body.appendChild(el);
        const store = createStore({ page: "lobby", code: "ABCD", lobby, now: 0 });
        let root!: Root;
        await act(async () => {
          root = dom.hydrateRoot(el, createElement(StoreContext.Provider, { value: store }, createElement(island)), { onRecoverableError: (e) => errors.push([name, e]) });
        });
        mounted.push({ root, el });
        await act(async () => {
          store.meId.value = "ann";
        });
        if (name === "TeamPanels") expect(el.querySelector(".badge.you")?.closest(".slot")?.textContent).toContain("Ann");
        if (name === "SettingsPanel") expect(buttons(el, "Update Settings")).toHaveLength(1);
        if (name === "LobbyActions") expect(buttons(el, "End Lobby")).toHaveLength(1);
        // The host's own questions are never in the server's HTML, whoever asks: the host's page fetches them.
        if (name === "OwnQuestions") expect([html, el.querySelector("h2")?.textContent]).toEqual(["", "Your Questions"]);
      }
    } finally {
      console.error = realError;
    }
    expect(errors).toEqual([]);
  });
});

describe("hydration runtime", () => {
  test("islandsHydrated settles only after every island committed, so the session can't race it", async () => {
    const { hydrateIslands, islandsHydrated } = await import("../../islands/client/hydrate");
    const islands = await loadIslands();
    const { HostFooter, LobbyActions } = islands;
    const lobby = lobbyView();
    const ssr = (island: ComponentType) => renderToString(createElement(StoreContext.Provider, { value: createStore({ page: "lobby", code: "ABCD", lobby, now: 0 }) }, createElement(island)));
    const json = JSON.stringify({ page: "lobby", code: "ABCD", lobby, now: 0 });
    document.body.innerHTML = `<div data-island="HostFooter">${ssr(HostFooter)}</div><div data-island="LobbyActions">${ssr(LobbyActions)}</div><script id="__page" type="application/json">${json}</script>`;
    const errors: unknown[] = [];
    const realError = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    let settled = false;
    try {
      await act(async () => {
        const store = hydrateIslands(islands, document);
        void islandsHydrated.then(() => {
          settled = true;
          store.meId.value = "ann"; // what the session does first
        });
        expect(settled).toBe(false);
      });
      await act(async () => {});
    } finally {
      console.error = realError;
    }
    expect(settled).toBe(true);
    expect(errors).toEqual([]);
    expect(document.body.textContent).toContain("Host: Ann");
    expect(buttons(document.body, "End Lobby")).toHaveLength(1);
  });
});
