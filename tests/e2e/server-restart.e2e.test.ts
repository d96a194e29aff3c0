// The server killed with kill -9 mid-round (a Pi losing power) and started again after the round's
// deadline: every open page, the host's too, reaches the results by itself, without a reload.
import { afterAll, expect, test } from "bun:test";
import { join } from "node:path";
import { useE2eSuite } from "../support/e2e";
import { seatFour, startGame, startRound } from "../support/rest";
import { DESKTOP, device, markDocument, PHONE, sameDocument, type Device } from "../support/phones";
import { removeDir, spawnServer, tempDataDir, type ServerProcess } from "../chaos/support";
import { SHORT_ROUND_S, SHORT_ROUNDS_ENV } from "../support/short-timings";

// The server here is a child process the test kills, so the suite runs none of its own.
const suite = useE2eSuite({ app: false });
let server: ServerProcess | null = null;
const dataDir = tempDataDir();

afterAll(async () => {
  if (server) await server.signal("SIGKILL");
  removeDir(dataDir);
});

test("kill -9 mid-round, back after the deadline: every page shows the round's results by itself", async () => {
  const { browser } = suite;
  server = await spawnServer(dataDir, 0, SHORT_ROUNDS_ENV);
  const port = server.port;
  const four = await seatFour(server);
  await startGame(server, four.blue1, 2, SHORT_ROUND_S);
  const pages: Device[] = [await device(browser, server.url, four.code, four.blue1, `/game/${four.code}`, DESKTOP), await device(browser, server.url, four.code, four.blue2, `/game/${four.code}`, PHONE)];
  const [hana, bo] = pages as [Device, Device];
  const { endsAt } = await startRound(server, four.blue1);
  for (const d of pages) await d.page.getByText("Time left:").waitFor();
  await bo.page.getByPlaceholder("Type your team answer").fill("a blue guess");
  await bo.page.getByRole("button", { name: "Submit" }).click();
  await bo.page.getByText("Answer locked").waitFor();
  for (const d of pages) await markDocument(d.page);

  await server.signal("SIGKILL");
  server = null;
  // Killed mid-round (the round is a short one: tes../support/short-timings.ts).
  expect(Date.now()).toBeLessThan(endsAt);
  for (const d of pages) await d.page.locator(".status-bar").getByText("Connection lost").waitFor({ timeout: 5_000 });
  await hana.page.screenshot({ path: join(suite.shots, "15-server-down-desktop.png"), animations: "disabled" });
  // Down past the round's deadline, as a slow reboot would be: the real clock passing the saved
  // deadline while nothing runs is what is under test.
  await Bun.sleep(Math.max(0, endsAt + 1_000 - Date.now()));
  server = await spawnServer(dataDir, port, SHORT_ROUNDS_ENV);

  // The next attempt comes at most 10 s later; the restored round ends at once and is judged.
  for (const d of pages) await d.page.getByText("Round 1 Results").waitFor({ timeout: 25_000 });
  await hana.page.getByRole("button", { name: "Next Round" }).waitFor();
  await bo.page.getByText("Waiting for host to start next round...").waitFor();
  expect(await bo.page.getByText("a blue guess").count()).toBeGreaterThan(0);
  for (const d of pages) expect(await sameDocument(d.page)).toBe(true);
  for (const d of pages) expect(d.errors).toEqual([]);
  await hana.page.screenshot({ path: join(suite.shots, "16-results-after-restart-desktop.png"), animations: "disabled" });
}, 90_000);
