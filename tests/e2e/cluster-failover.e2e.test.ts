// Two phones play through a cluster's HAProxy (docs/cluster.md) and the node that holds their lobby
// is killed with kill -9 mid-round: the pages say the connection is lost, find the lobby on the next
// node by themselves, without a reload, and show the round as it was; it then plays to its results.
import { expect, test } from "bun:test";
import { join } from "node:path";
import { holder, seatParty } from "../support/cluster-party";
import { useE2eSuite } from "../support/e2e";
import { device, live, markDocument, PHONE, sameDocument, type Device } from "../support/phones";
import { startGame, startRound, submit, type Seat } from "../support/rest";
import { useCluster } from "../support/use-cluster";

// The nodes are the cluster's: the suite runs no app of its own.
const suite = useE2eSuite({ app: false, shotsFolder: "cluster" });
const use = useCluster();

test("kill -9 of the lobby's node mid-round: both phones come back to the round by themselves", async () => {
  const { cluster } = use;
  const app = { url: cluster.url };
  // The host (blue's captain), red's captain, and the two phones: a blue player and a red one.
  const { code, players } = await seatParty(cluster, 4);
  const [host, redCaptain] = players.map((p) => p.seat) as [Seat, Seat];
  const member = (team: string) => players.find((p, i) => i > 1 && p.team === team)!.seat;
  await startGame(app, host, 2, 60);
  const phones: Device[] = [];
  for (const seat of [member("blue"), member("red")]) phones.push(await device(suite.browser, cluster.url, code, seat, `/game/${code}`, PHONE));
  const [bo] = phones as [Device, Device];
  await startRound(app, host);
  for (const d of phones) await d.page.getByText("Time left:").waitFor();
  await bo.page.getByPlaceholder("Type your team answer").fill("a blue guess");
  await bo.page.getByRole("button", { name: "Submit" }).click();
  await bo.page.getByText("Answer locked").waitFor();
  for (const d of phones) {
    await live(d.page);
    await markDocument(d.page);
  }

  const owner = await holder(cluster, code);
  await cluster.node(owner.node).kill9();
  for (const d of phones) await d.page.locator(".status-bar").getByText("Connection lost").waitFor({ timeout: 5_000 });

  // The pages' own reconnections make the next node take the lobby over (once the dead node's lease lapses).
  const end = Date.now() + 15_000;
  let now = owner;
  while ((now.node === owner.node || !now.live) && Date.now() < end) {
    await Bun.sleep(100);
    now = await holder(cluster, code);
  }
  expect(now).toMatchObject({ live: true, node: expect.not.stringMatching(owner.node) });
  // Back by themselves on it: the same round, blue's lock still shown to blue.
  for (const d of phones) {
    await live(d.page);
    await d.page.getByText("Time left:").waitFor();
  }
  await bo.page.getByText("Answer locked").waitFor();
  await bo.page.screenshot({ path: join(suite.shots, "failover-back-phone.png"), animations: "disabled" });

  // And it plays on there: red's answer ends the round, both phones show its results.
  await submit(app, redCaptain, 1, "a red guess");
  for (const d of phones) await d.page.getByText("Round 1 Results").waitFor();
  expect(await bo.page.getByText("a blue guess").count()).toBeGreaterThan(0);
  for (const d of phones) expect(await sameDocument(d.page)).toBe(true);
  for (const d of phones) expect(d.errors).toEqual([]);
}, 90_000);
