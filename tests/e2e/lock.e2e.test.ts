// Keeping strangers out, in the browser: the host locks the lobby from its page and everyone sees it, the TV too;
// a latecomer's game page says they play from the next round, and their team hears who joined. No
// page raises an error under the Content-Security-Policy, and axe finds nothing.
import { expect, test } from "bun:test";
import { join } from "node:path";
import { axeViolations } from "../support/a11y";
import { call } from "../support/app";
import { useE2eSuite } from "../support/e2e";
import { FakeClock } from "../support/fake-clock";
import { createLobby, exactJudge, joinLobby, ok, quizQuestions, startGame, teamSelect } from "../support/rest";
import { DESKTOP, live, PHONE, type Device } from "../support/phones";

const suite = useE2eSuite({ questions: quizQuestions, judge: exactJudge, overrides: { clock: new FakeClock() } });
const { shots } = suite;

/** Console errors too: a policy violation is reported there, not as a page error. */
function consoleErrors(d: Device): string[] {
  const seen: string[] = [];
  d.page.on("console", (m) => void (m.type() === "error" && seen.push(m.text())));
  return seen;
}

test("the host locks the lobby: a stranger is refused, the lobby and the TV say so; unlocking lets people in", async () => {
  const { app } = suite;
  const { code, ...hana } = await createLobby(app, "Hana");
  const ravi = await joinLobby(app, code, "Ravi");
  const host = await suite.device(code, hana, `/lobby/${code}`, { viewport: { width: 1280, height: 800 } });
  const phone = await suite.device(code, ravi, `/lobby/${code}`, PHONE);
  const tv = await suite.device(code, null, `/tv/${code}`, { viewport: { width: 1920, height: 1080 } });
  const logs = [host, phone, tv].map(consoleErrors);
  for (const d of [host, phone, tv]) await live(d.page);

  await host.page.getByRole("button", { name: "Lock lobby" }).click();
  for (const d of [host, phone, tv]) await d.page.getByText("Lobby locked: no one new can join").waitFor();
  const refused = await call(app, "POST", "/api/lobby/join", { body: { code, playerName: "Stranger" } });
  expect(refused.body.message).toBe("The host has locked this lobby");
  await host.page.getByText("Lobby locked: no one new can join").scrollIntoViewIfNeeded();
  await host.page.screenshot({ path: join(shots, "lock-host-desktop.png") });
  await phone.page.getByText("Lobby locked: no one new can join").scrollIntoViewIfNeeded();
  await phone.page.screenshot({ path: join(shots, "lock-phone.png") });
  await tv.page.screenshot({ path: join(shots, "lock-tv-1080p.png") });
  await tv.page.setViewportSize({ width: 1280, height: 720 });
  await tv.page.screenshot({ path: join(shots, "lock-tv-720p.png") });
  for (const d of [host, phone, tv]) expect(await axeViolations(d.page)).toEqual([]);
  // Players who are not the host see the state and no switch.
  expect(await phone.page.getByRole("button", { name: /lock lobby/i }).count()).toBe(0);

  await host.page.getByRole("button", { name: "Unlock lobby" }).click();
  await host.page.getByText("Anyone with the code can join").waitFor();
  await tv.page.getByText("Lobby locked: no one new can join").waitFor({ state: "detached" });
  expect((await call(app, "POST", "/api/lobby/join", { body: { code, playerName: "Friend" } })).status).toBe(200);
  for (const [i, d] of [host, phone, tv].entries()) expect({ i, errors: [...d.errors, ...logs[i]!] }).toEqual({ i, errors: [] });
}, 60_000);

test("a latecomer watches the open round and their team hears that they joined", async () => {
  const { app } = suite;
  const { code, ...hana } = await createLobby(app, "Hana");
  const ravi = await joinLobby(app, code, "Ravi");
  await startGame(app, hana, 2);
  await ok(app, "/api/lobby/startRound", hana.token);
  const host = await suite.device(code, hana, `/game/${code}`, PHONE);
  await live(host.page);
  const kaiSeat = await joinLobby(app, code, "Kai");
  await host.page.getByText("Kai joined your team").waitFor();
  await host.page.screenshot({ path: join(shots, "latecomer-team-notice-phone.png"), animations: "disabled" });
  for (const [name, options] of [["phone", PHONE], ["desktop", DESKTOP]] as const) {
    const kai = await suite.device(code, kaiSeat, `/game/${code}`, options);
    const logs = consoleErrors(kai);
    await kai.page.getByText("You joined during this round: you play from the next one.").waitFor();
    expect(await kai.page.getByPlaceholder("Type your team answer").count()).toBe(0);
    await kai.page.screenshot({ path: join(shots, `latecomer-${name}.png`) });
    expect(await axeViolations(kai.page)).toEqual([]);
    expect([...kai.errors, ...logs]).toEqual([]);
    await kai.context.close();
  }
}, 60_000);
