// The client's staying-in-the-game pieces on their own: the reconnection schedule, the wake-up
// triggers, and keeping the screen awake: the wake lock (with a stand-in for the browser's API) and,
// where there is none or it refuses (plain HTTP), the muted video started by a tap.
import { signal } from "@preact/signals-react";
import { describe, expect, test } from "bun:test";
import { Window } from "happy-dom";
import { FIRST_ATTEMPTS, LATER_DELAY_MS, onWakeUp, retryDelay } from "../../islands/client/retry";
import { keepAwake } from "../../islands/client/wake-lock";

describe("reconnection schedule", () => {
  test("the spec's first five attempts wait 1 s doubling up to 5 s, whatever the jitter", () => {
    for (const r of [0, 0.5, 0.999]) {
      const waits = Array.from({ length: FIRST_ATTEMPTS }, (_, i) => retryDelay(i + 1, () => r));
      for (const w of waits) expect(w >= 1_000 && w <= 5_000).toBe(true);
    }
    expect(Array.from({ length: 5 }, (_, i) => retryDelay(i + 1, () => 0.5))).toEqual([1_000, 2_000, 4_000, 5_000, 5_000]);
  });

  test("then every 10 s, forever", () => {
    for (const n of [6, 7, 50, 10_000]) expect(retryDelay(n, () => 0)).toBe(LATER_DELAY_MS);
    expect(LATER_DELAY_MS).toBe(10_000);
  });
});

describe("wake-up triggers", () => {
  test("online, becoming visible and pageshow each ask for an attempt at once; hidden does not", () => {
    const win = new Window();
    const heard: string[] = [];
    const stop = onWakeUp((why) => heard.push(why), win as unknown as globalThis.Window);
    win.dispatchEvent(new win.Event("online"));
    Object.defineProperty(win.document, "visibilityState", { value: "hidden", configurable: true });
    win.document.dispatchEvent(new win.Event("visibilitychange"));
    Object.defineProperty(win.document, "visibilityState", { value: "visible", configurable: true });
    win.document.dispatchEvent(new win.Event("visibilitychange"));
    win.dispatchEvent(new win.Event("pageshow"));
    expect(heard).toEqual(["online", "visible", "pageshow"]);
    stop();
    win.dispatchEvent(new win.Event("online"));
    expect(heard).toHaveLength(3);
  });
});

describe("screen wake lock", () => {
  function fakeBrowser() {
    const win = new Window();
    let visible = "visible";
    Object.defineProperty(win.document, "visibilityState", { get: () => visible, configurable: true });
    const locks: { released: boolean }[] = [];
    const nav = {
      wakeLock: {
        request: async (type: string) => {
          expect(type).toBe("screen");
          const lock = { released: false, release: async () => void (lock.released = true) };
          locks.push(lock);
          return lock;
        },
      },
    };
    return { doc: win.document as unknown as Document, nav: nav as unknown as Navigator, locks, hide: () => (visible = "hidden"), show: () => (visible = "visible"), win };
  }
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  test("asked for at once, asked again when the page is visible again, released when done", async () => {
    const b = fakeBrowser();
    const stop = keepAwake(signal(true), b.doc, b.nav);
    await settle();
    expect(b.locks).toHaveLength(1);
    // The browser drops the lock while hidden; coming back asks again.
    b.hide();
    b.win.document.dispatchEvent(new b.win.Event("visibilitychange"));
    await settle();
    expect(b.locks).toHaveLength(1);
    b.show();
    b.win.document.dispatchEvent(new b.win.Event("visibilitychange"));
    await settle();
    expect(b.locks).toHaveLength(2);
    stop();
    await settle();
    expect(b.locks.at(-1)!.released).toBe(true);
  });

  test("a browser without the API, or one that refuses, leaves the game alone", async () => {
    expect(() => keepAwake(signal(true), new Window().document as unknown as Document, {} as Navigator)()).not.toThrow();
    const b = fakeBrowser();
    (b.nav as unknown as { wakeLock: { request: () => Promise<never> } }).wakeLock.request = () => Promise.reject(new Error("NotAllowedError"));
    keepAwake(signal(true), b.doc, b.nav);
    await settle();
    expect(b.locks).toHaveLength(0);
  });

  test("the lock is released when the game ends, and asked for again when another starts", async () => {
    const b = fakeBrowser();
    const wanted = signal(true);
    keepAwake(wanted, b.doc, b.nav);
    await settle();
    wanted.value = false;
    await settle();
    expect(b.locks.map((l) => l.released)).toEqual([true]);
    wanted.value = true;
    await settle();
    expect(b.locks.map((l) => l.released)).toEqual([true, false]);
  });
});

describe("the muted video, where there is no wake lock", () => {
  function plainHttp(refusing = false) {
    const win = new Window();
    let visible = "visible";
    Object.defineProperty(win.document, "visibilityState", { get: () => visible, configurable: true });
    const nav = refusing ? { wakeLock: { request: () => Promise.reject(new Error("NotAllowedError")) } } : {};
    const doc = win.document as unknown as Document;
    const video = () => doc.querySelector<HTMLVideoElement>("video.keep-awake");
    const tap = () => doc.body.dispatchEvent(new win.MouseEvent("click", { bubbles: true }) as unknown as Event);
    const setVisible = (v: boolean) => {
      visible = v ? "visible" : "hidden";
      doc.dispatchEvent(new win.Event("visibilitychange") as unknown as Event);
    };
    return { doc, nav: nav as unknown as Navigator, video, tap, setVisible };
  }
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  test("nothing before the first tap; then a muted, looping, inline video from the server's own files plays", () => {
    const b = plainHttp();
    keepAwake(signal(true), b.doc, b.nav);
    expect(b.video()).toBeNull();
    b.tap();
    const video = b.video()!;
    expect(video.paused).toBe(false);
    expect(video.muted && video.loop && video.hasAttribute("playsinline")).toBe(true);
    expect(video.getAttribute("aria-hidden")).toBe("true");
    expect([...video.querySelectorAll("source")].map((s) => s.getAttribute("src"))).toEqual(["/keep-awake.webm", "/keep-awake.mp4"]);
  });

  test("paused when the page hides; started again by the next tap after coming back, not before", () => {
    const b = plainHttp();
    keepAwake(signal(true), b.doc, b.nav);
    b.tap();
    b.setVisible(false);
    expect(b.video()!.paused).toBe(true);
    b.setVisible(true);
    expect(b.video()!.paused).toBe(true);
    b.tap();
    expect(b.video()!.paused).toBe(false);
    expect(b.doc.querySelectorAll("video")).toHaveLength(1);
  });

  test("paused when the game ends, playing again when the next one starts; gone when stopped", () => {
    const b = plainHttp();
    const wanted = signal(true);
    const stop = keepAwake(wanted, b.doc, b.nav);
    b.tap();
    wanted.value = false;
    expect(b.video()!.paused).toBe(true);
    b.tap();
    expect(b.video()!.paused).toBe(true);
    wanted.value = true;
    expect(b.video()!.paused).toBe(false);
    stop();
    expect(b.video()).toBeNull();
  });

  test("a wake lock that refuses hands over to the video on the next tap", async () => {
    const b = plainHttp(true);
    keepAwake(signal(true), b.doc, b.nav);
    await settle();
    b.tap();
    expect(b.video()!.paused).toBe(false);
  });
});
