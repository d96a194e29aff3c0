// The first minute of a guest on a weak phone (docs/bench.md "The first minute"): from opening the
// invite link `/?join=CODE` to a join form that takes text, then, typing a name and pressing Enter,
// to seated and shown in the lobby's team lists. Stealmate against the single-page build of the same
// pages (bench/peers/spa/first-minute.tsx), in Chromium at 6x CPU slowdown on 400 kbit/s with 150 ms
// latency, cold cache, alternating run by run; figures are medians.
import { loadavg } from "node:os";
import type { Browser } from "playwright-core";
import { openLobby } from "./common/lobby";
import { describeThrottle, PHONE, throttle, type Throttle } from "./common/phone";
import { median, round } from "./common/proc";
import { againstSpa } from "./common/spa";
import type { BenchSection } from "./section";

/** The weak phone: Chrome's CPU 6x slower than this machine's, 400 kbit/s both ways, 150 ms latency. */
export const WEAK_PHONE: Throttle = { cpu: 6, network: { name: "400 kbit/s", latencyMs: 150, downloadBitsPerSecond: 400_000, uploadBitsPerSecond: 400_000 } };
const RUNS = Number(process.env.BENCH_FIRST_MINUTE_RUNS ?? 5);
/** The guest's name, typed a key every TYPING_MS as a person would; the typing is in "seated". */
const GUEST = "Amelie";
const TYPING_MS = 100;
/** How long either moment may take before the run is a failure. */
const MOMENT_TIMEOUT_MS = 20_000;
/** A run that fails (the guest not seated, say) is recorded and tried again on a new lobby, this many times in all. */
const ATTEMPTS = 3;

interface Run {
  /** from navigation start of the invite link, ms */
  form: number;
  seated: number;
  /** from the first key to Enter, ms */
  typing: number;
  errors: number;
  /** attempts that failed before this run, and why */
  failed: string[];
  /** pages requested on the way (the single-page build routes within the one it opened) */
  documents: number;
  load: number;
}

declare global {
  interface Window {
    /** what the page saw, at epoch ms (`performance.timeOrigin + performance.now()`), so it outlives a navigation */
    __firstMinute?: { form: number | null; seated: number | null; input(): HTMLInputElement | null };
  }
}

/**
 * Watches every document the run opens (an init script), with a MutationObserver and a 25 ms poll:
 * - the join form typeable: an `<input placeholder="Enter your name">` that is shown and enabled, in a
 *   `<form>` that names the code in its text or in one of its inputs' values (Stealmate's server-rendered
 *   form has it in a hidden input, the join dialog in its text);
 * - seated and shown: on /lobby/CODE, the name in a team's card (`.team`: its members or captain).
 */
function watch({ code, name }: { code: string; name: string }): void {
  const at = () => performance.timeOrigin + performance.now();
  const input = (): HTMLInputElement | null =>
    [...document.querySelectorAll<HTMLInputElement>('form input[placeholder="Enter your name"]')].find(
      (el) =>
        !el.disabled &&
        !el.readOnly &&
        el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) &&
        el.form !== null &&
        ((el.form.textContent ?? "").includes(code) || [...el.form.querySelectorAll("input")].some((i) => i.value === code)),
    ) ?? null;
  const seated = () =>
    location.pathname === `/lobby/${code}` && [...document.querySelectorAll<HTMLElement>(".team")].some((team) => (team.textContent ?? "").includes(name) && team.checkVisibility());
  const state = (window.__firstMinute = { form: null as number | null, seated: null as number | null, input });
  const check = () => {
    if (state.form === null && input()) state.form = at();
    if (state.seated === null && seated()) state.seated = at();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const poll = () => {
    check();
    if (state.seated === null) setTimeout(poll, 25);
  };
  poll();
}

/** One guest's first minute on `base`, in a fresh context (empty cache) on the weak phone (or unthrottled, to warm the servers). */
async function firstMinute(browser: Browser, base: string, code: string, slow: boolean): Promise<Run> {
  const load = loadavg()[0]!;
  const context = await browser.newContext(PHONE);
  try {
    await context.addInitScript(watch, { code, name: GUEST });
    const page = await context.newPage();
    let errors = 0;
    page.on("pageerror", () => errors++);
    const consoleErrors: string[] = [];
    page.on("console", (message) => void (message.type() === "error" && consoleErrors.push(message.text())));
    // Pages requested: a redirect's target (the 303 after a form's POST) is the same page load.
    let documents = 0;
    page.on("request", (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame() && !request.redirectedFrom()) documents++;
    });
    if (slow) await throttle(context, page, WEAK_PHONE);
    const wait = { timeout: MOMENT_TIMEOUT_MS, polling: 50 };
    await page.goto(`${base}/?join=${code}`, { waitUntil: "commit", timeout: MOMENT_TIMEOUT_MS });
    await page.waitForFunction(() => window.__firstMinute?.form != null, undefined, wait);
    const { start, form } = await page.evaluate(() => ({ start: performance.timeOrigin, form: window.__firstMinute!.form! }));
    // A tap on the name field, the name typed, Enter.
    const field = (await page.evaluateHandle(() => window.__firstMinute!.input())).asElement();
    if (!field) throw new Error(`${base}: the join form went away before it was tapped`);
    await field.click();
    const typing = performance.now();
    await page.keyboard.type(GUEST, { delay: TYPING_MS });
    await page.keyboard.press("Enter");
    const typed = performance.now() - typing;
    await page.waitForFunction(() => window.__firstMinute?.seated != null, undefined, wait).catch(async (err: Error) => {
      // What the guest would see: where the page is, what the form holds, what has focus.
      const seen = await page
        .evaluate(() => ({ form: window.__firstMinute?.input()?.form?.innerText ?? null, value: window.__firstMinute?.input()?.value ?? null, focus: document.activeElement?.outerHTML.slice(0, 120) }))
        .catch(() => null);
      throw new Error(`${base}: ${GUEST} was not shown seated on /lobby/${code} (at ${page.url()}; ${JSON.stringify({ ...seen, consoleErrors })}): ${err.message}`);
    });
    const seated = await page.evaluate(() => window.__firstMinute!.seated!);
    return { form: form - start, seated: seated - start, typing: typed, errors, failed: [], documents, load };
  } finally {
    await context.close();
  }
}

export function runFirstMinuteBench(): Promise<BenchSection> {
  const started = performance.now();
  return againstSpa("first-minute.tsx", async ({ stealmate, spa, browser }) => {
    const apps = [
      { name: "Stealmate (server-rendered islands)", base: stealmate.url },
      { name: "single-page build", base: spa.url },
    ];
    // One unthrottled run each first, so neither server's first requests are measured.
    for (const app of apps) await firstMinute(browser, app.base, (await openLobby(stealmate.url)).code, false);
    const attempt = async (base: string): Promise<Run> => {
      const failed: string[] = [];
      for (;;) {
        try {
          return { ...(await firstMinute(browser, base, (await openLobby(stealmate.url)).code, true)), failed };
        } catch (err) {
          failed.push((err as Error).message.split("\n")[0]!);
          if (failed.length === ATTEMPTS) throw new Error(`${ATTEMPTS} attempts failed: ${failed.join(" / ")}`);
        }
      }
    };
    const runs = apps.map(() => [] as Run[]);
    for (let i = 0; i < RUNS; i++) {
      // Alternating who goes first: the machine is shared, and a busy moment should not fall on one side only.
      for (const a of i % 2 === 0 ? [0, 1] : [1, 0]) runs[a]!.push(await attempt(apps[a]!.base));
    }

    const ms = (n: number) => Math.round(n);
    const form = runs.map((r) => median(r.map((x) => x.form)));
    const seated = runs.map((r) => median(r.map((x) => x.seated)));
    const rows: BenchSection["rows"] = [];
    apps.forEach((app, a) => {
      runs[a]!.forEach((run, i) =>
        rows.push({ app: app.name, run: i + 1, "form typeable ms": ms(run.form), "seated and shown ms": ms(run.seated), "typing ms": ms(run.typing), "page errors": run.errors, "failed attempts": run.failed.length, "pages requested": run.documents, "load average (1 min)": run.load.toFixed(2) }),
      );
      rows.push({ app: app.name, run: "median", "form typeable ms": ms(form[a]!), "seated and shown ms": ms(seated[a]!), "typing ms": ms(median(runs[a]!.map((x) => x.typing))), "page errors": runs[a]!.reduce((n, x) => n + x.errors, 0), "failed attempts": runs[a]!.reduce((n, x) => n + x.failed.length, 0), "pages requested": "", "load average (1 min)": "" });
    });
    rows.push({
      app: `setup: Chromium ${browser.version()}, ${describeThrottle(WEAK_PHONE)}, cold cache; /?join=CODE of a lobby whose host is seated; "${GUEST}" typed a key every ${TYPING_MS} ms, then Enter`,
      run: `${RUNS} each, alternating`,
      "form typeable ms": "from navigation start to the name field of the code's join form shown and enabled",
      "seated and shown ms": "from navigation start to the name in a team card of /lobby/CODE, typing included",
      "typing ms": "",
      "page errors": "",
      "failed attempts": "tried again on a new lobby",
      "pages requested": "navigations to a new document (a redirect counts with its request)",
      "load average (1 min)": `${round((performance.now() - started) / 1000, 1)} s; at the end ${loadavg().map((n) => n.toFixed(2)).join(" ")}`,
    });
    const formRatio = form[0]! / form[1]!;
    const seatedRatio = seated[0]! / seated[1]!;
    const phone = "weak phone";
    const failures = apps.flatMap((app, a) => runs[a]!.flatMap((run, i) => run.failed.map((why) => `${app.name}, run ${i + 1}: ${why}`)));
    return {
      title: "The first minute: the invite link on a weak phone",
      rows,
      ...(failures.length ? { note: `Failed attempts: ${failures.map((f) => f.replace(/\|/g, "\\|")).join("; ")}` } : {}),
      ratios: [
        { name: `first minute (${phone}): invite link to a typeable join form, Stealmate / single-page build`, value: round(formRatio), target: "<= 0.5", met: formRatio <= 0.5 },
        { name: `first minute (${phone}): invite link to seated and shown in the lobby, Stealmate / single-page build`, value: round(seatedRatio), target: "<= 0.5", met: seatedRatio <= 0.5 },
        { name: `first minute (${phone}): invite link to a typeable join form, Stealmate, ms`, value: ms(form[0]!), target: "<= 1200", met: form[0]! <= 1200 },
        { name: `first minute (${phone}): invite link to seated and shown in the lobby (typing included), Stealmate, ms`, value: ms(seated[0]!), target: "<= 3000", met: seated[0]! <= 3000 },
      ],
    };
  });
}

if (import.meta.main) {
  const section = await runFirstMinuteBench();
  console.table(section.rows);
  console.table(section.ratios);
}
