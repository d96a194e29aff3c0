// Accessibility probes for the end-to-end suites: axe-core (WCAG 2.1 A and AA) injected into a page,
// and a keyboard walk that presses Tab through a page and reports what took focus and whether its
// focus ring shows whole.
import axe from "axe-core";
import type { Page } from "playwright-core";

export const WCAG21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** One line per failing node: the rule, the node's selector and axe's summary; empty when clean. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated over the DevTools protocol, which the pages' Content-Security-Policy does not govern
  // (an injected <script> would be refused, as any inline script is).
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  return page.evaluate(async (tags) => {
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    const result = await run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id} [${n.target.join(" ")}]: ${(n.failureSummary ?? v.help).replace(/\s+/g, " ")}`));
  }, WCAG21_AA);
}

/**
 * axe and sideways scrolling at each of `sizes`' widths, with a screenshot of each (`shot(size)`: its
 * path); one line per problem, empty when clean. The page keeps its own size after.
 */
export async function audit(page: Page, screen: string, shot: (size: string) => string, sizes: Record<string, { width: number; height: number }>): Promise<string[]> {
  const own = page.viewportSize();
  const found: string[] = [];
  for (const [size, viewport] of Object.entries(sizes)) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => new Promise(requestAnimationFrame));
    await page.screenshot({ path: shot(size), fullPage: true });
    for (const v of await axeViolations(page)) found.push(`${screen} (${size}): ${v}`);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    if (wide > viewport.width) found.push(`${screen} (${size}): scrolls sideways, ${wide} px wide`);
  }
  if (own) await page.setViewportSize(own);
  return found;
}

/** What holds focus: a label a person would read, and its focus ring's state. */
export interface Stop {
  label: string;
  /** the outline drawn for :focus-visible, at least 2 px wide */
  ring: boolean;
  /** the ancestor whose overflow cuts the ring off, if any */
  clippedBy: string | null;
}

/** The label of the focused element and whether its ring is visible and whole (runs in the page). */
export function focusedStop(page: Page): Promise<Stop | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const name = (e: Element) => (e.getAttribute("aria-label") || (e as HTMLInputElement).labels?.[0]?.textContent || e.getAttribute("placeholder") || e.textContent || e.tagName).replace(/\s+/g, " ").trim();
    const style = getComputedStyle(el);
    const width = style.outlineStyle === "none" ? 0 : parseFloat(style.outlineWidth);
    const grow = width + Math.max(0, parseFloat(style.outlineOffset) || 0);
    const r = el.getBoundingClientRect();
    let clippedBy: string | null = null;
    for (let a = el.parentElement; a && !clippedBy; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX === "visible" && s.overflowY === "visible") continue;
      const box = a.getBoundingClientRect();
      const left = box.left + a.clientLeft;
      const top = box.top + a.clientTop;
      const cut = r.left - grow < left - 0.5 || r.top - grow < top - 0.5 || r.right + grow > left + a.clientWidth + 0.5 || r.bottom + grow > top + a.clientHeight + 0.5;
      if (cut) clippedBy = `${a.tagName.toLowerCase()}.${[...a.classList].join(".")}`;
    }
    return { label: name(el), ring: width >= 2, clippedBy };
  });
}

/** Labels of every control a keyboard should reach, in document order (visible, enabled, tabbable). */
export function tabbableLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const name = (e: Element) => (e.getAttribute("aria-label") || (e as HTMLInputElement).labels?.[0]?.textContent || e.getAttribute("placeholder") || e.textContent || e.tagName).replace(/\s+/g, " ").trim();
    // What a closed <details> folds away is not reached; its <summary> is.
    const folded = (el: Element) => el.closest("details:not([open])") !== null && el.closest("summary") === null;
    return [...document.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, summary, [tabindex]")]
      .filter((el) => el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden" && !folded(el))
      .map(name);
  });
}

/** Puts focus on a throwaway target at the start of the body, so Tab goes to the page's first control. */
async function focusTop(page: Page): Promise<void> {
  await page.evaluate(() => {
    const start = document.createElement("span");
    start.id = "kb-walk-start";
    start.tabIndex = -1;
    document.body.prepend(start);
    start.focus();
  });
}

const dropTop = (page: Page) => page.evaluate(() => document.getElementById("kb-walk-start")?.remove());

/** Presses Tab from the top of the page once per control and returns where focus went each time. */
export async function tabWalk(page: Page): Promise<Stop[]> {
  const count = (await tabbableLabels(page)).length;
  await focusTop(page);
  const stops: Stop[] = [];
  for (let i = 0; i < count; i++) {
    await page.keyboard.press("Tab");
    const stop = await focusedStop(page);
    if (stop) stops.push(stop);
  }
  await dropTop(page);
  return stops;
}

/** Presses Tab from the top of the page until the control labelled `label` has focus. */
export async function tabTo(page: Page, label: string, max = 40): Promise<void> {
  await focusTop(page);
  try {
    for (let i = 0; i < max; i++) {
      await page.keyboard.press("Tab");
      if ((await focusedStop(page))?.label === label) return;
    }
    throw new Error(`Tab never reached '${label}'`);
  } finally {
    await dropTop(page);
  }
}

/**
 * Waits until focus rests on the round panel's heading `heading` (a phase change put it there,
 * islands/game/PhaseChange.tsx), then returns what the panel's live region said with it.
 */
export async function phaseNews(page: Page, heading: string): Promise<string | null> {
  await page.waitForFunction((text) => document.activeElement?.tagName === "H2" && document.activeElement.textContent === text, heading);
  return page.locator("section.panel > .sr-only[role=status]").textContent();
}
