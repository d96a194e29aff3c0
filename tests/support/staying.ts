// The setup of the "Staying in the game" end-to-end cases (docs/decisions.md), shared by
// tests/e2e/resilience.e2e.test.ts and the soak's long offline case (tests/soak/offline.soak.ts):
// the app with a 2 s host grace period, devices whose uncaught errors are checked at the end, a
// party of four through the REST API, and the case of a phone offline mid-round for some seconds.
import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { useE2eSuite } from "./e2e";
import { exactJudge, type Four, quizQuestion, quizQuestions, type Seat, seatFour, startGame, startRound, submit } from "./rest";
import { live, markDocument, PHONE, sameDocument, type Device } from "./phones";

/** A lost connection must be said within 5 s (docs/decisions.md "Staying in the game"). */
const SAY_LOST_MS = 5_000;

/** Registers the file's app and browser; what its tests use. `shotsFolder`: its screenshots' own folder. */
export function useStayingSuite(shotsFolder?: string) {
  const suite = useE2eSuite({ questions: quizQuestions, judge: exactJudge, env: { HOST_GRACE_S: "2" }, shotsFolder });
  const { app, shots } = suite;
  const opened: Device[] = [];
  afterAll(() => {
    for (const d of opened) expect(d.errors).toEqual([]);
  });

  return {
    app,
    /** A device holding `seat` (or none) at `path`, live once it holds a seat. */
    async open(code: string, seat: Seat | null, path: string, options: object = PHONE): Promise<Device> {
      const d = await suite.device(code, seat, path, options);
      opened.push(d);
      // Acting before the page has joined would race its first look at the lobby.
      if (seat) await live(d.page);
      return d;
    },
    /** A party of four in a game of `rounds` rounds of 15 s, started. */
    async party(rounds = 5): Promise<Four> {
      const four = await seatFour(app);
      await startGame(app, four.blue1, rounds, 15);
      return four;
    },
    /** Both teams lock (through the API), so the round ends at once and is judged. */
    async playRound(four: Four, n: number): Promise<void> {
      await startRound(app, four.blue1);
      await submit(app, four.blue1, n, quizQuestion(n).answer);
      await submit(app, four.red1, n, "a wrong guess");
    },
    statusBar: (page: Page) => page.locator(".status-bar"),
    shot: (page: Page, name: string) => page.screenshot({ path: join(shots, `${name}.png`), animations: "disabled" }),
  };
}

export type StayingSuite = ReturnType<typeof useStayingSuite>;

/**
 * A phone offline mid-round for each of `durations` seconds, at once; the first of them photographed.
 * Resolves once every phone has said it is offline (or its case ended before): the file's other
 * cases may run in the long wait after that (`inTurn`), without crowding the 5 s that is checked.
 */
export function offlinePhoneCases(staying: StayingSuite, durations: number[]): Promise<void> {
  const { app, open, party, playRound, statusBar, shot } = staying;
  const said = durations.map(() => Promise.withResolvers<void>());

  async function offlineFor(seconds: number, saidOffline: () => void, photographed: boolean): Promise<void> {
    const four = await party();
    const bo = await open(four.code, four.blue2, `/game/${four.code}`);
    await startRound(app, four.blue1);
    await bo.page.getByText(quizQuestion(1).question).waitFor();
    await markDocument(bo.page);

    const lostAt = Date.now();
    await bo.context.setOffline(true);
    await statusBar(bo.page).getByText(/offline|Connection lost/).waitFor({ timeout: SAY_LOST_MS });
    expect(Date.now() - lostAt).toBeLessThan(SAY_LOST_MS);
    saidOffline();
    if (photographed) await shot(bo.page, "11-offline-phone");

    // The others play on: round 1 ends, round 2 is played, and round 3 opens just before the phone is back.
    // How long the phone stays offline is what is under test, so these waits are real time.
    await submit(app, four.blue1, 1, quizQuestion(1).answer);
    await submit(app, four.red1, 1, "a wrong guess");
    await playRound(four, 2);
    await Bun.sleep(Math.max(0, lostAt + (seconds - 3) * 1000 - Date.now()));
    await startRound(app, four.blue1);
    await Bun.sleep(Math.max(0, lostAt + seconds * 1000 - Date.now()));
    expect(await statusBar(bo.page).textContent()).toMatch(/offline|Connection lost/);

    await bo.context.setOffline(false);
    // Round 3's question, with the scores of rounds 1 and 2, and the status says it is back.
    await bo.page.getByText(quizQuestion(3).question).waitFor();
    await statusBar(bo.page).getByText("Back online").waitFor();
    expect(await bo.page.getByText("Round 3/5").count()).toBe(1);
    expect(await sameDocument(bo.page)).toBe(true);
    // And the round is playable from this phone.
    await bo.page.getByPlaceholder("Type your team answer").fill(quizQuestion(3).answer);
    await bo.page.getByRole("button", { name: "Submit" }).click();
    await bo.page.getByText("Answer locked").waitFor();
    if (photographed) await shot(bo.page, "12-back-online-phone");
    await bo.context.close();
  }

  describe("a phone offline mid-round catches up without a reload", () => {
    for (const [i, seconds] of durations.entries()) {
      const saidOffline = () => said[i]!.resolve();
      test.concurrent(`offline for ${seconds} s`, () => offlineFor(seconds, saidOffline, i === 0).finally(saidOffline), (seconds + 60) * 1000);
    }
  });
  return Promise.all(said.map((s) => s.promise)).then(() => {});
}

/**
 * Cases that run one at a time, as a file's plain tests do, but as concurrent tests (`test.concurrent`),
 * so that they run beside the long ones; the first once `after` has settled.
 */
export function inTurn(after: Promise<unknown>): (body: () => Promise<void>) => () => Promise<void> {
  let last: Promise<unknown> = after.catch(() => {});
  return (body) => () => {
    const run = last.then(body);
    last = run.catch(() => {});
    return run;
  };
}
