// A step of the wall clock mid-round (a Pi setting its time from the network after boot): the round
// still lasts its limit, measured on the monotonic clock, and its absolute deadline moves with the
// step, so a restart keeps it too. Time moves only by the fake clock (advance, and step for the wall).
import { describe, expect, test } from "bun:test";
import { accepted, question } from "../support/builders";
import { FakeClock } from "../support/fake-clock";
import { RED, readyGame, serviceOn, submit } from "../support/service-harness";
import { useTempStores } from "../support/temp-stores";

const MINUTES = 5 * 60_000;
const temp = useTempStores("clock");

async function boot(clock: FakeClock) {
  const store = temp.store();
  return { ...(await serviceOn(store, clock)), store };
}

/** A round of 15 s started, then 5 s gone by. */
async function midRound(clock: FakeClock) {
  const { service, out, store } = await boot(clock);
  const { code, host } = await readyGame(service, { roundLimit: 15 });
  accepted(await service.dispatch(code, { type: "startRound", by: host }));
  await clock.advance(5000);
  return { service, out, store, code, host, endsAt: () => service.get(code)!.game!.currentRound!.endsAt };
}

describe.each([
  ["forward", MINUTES],
  ["back", -MINUTES],
])("the wall clock set %s by minutes mid-round", (_, by) => {
  test("the round keeps its 10 s left: answers are taken and it ends on time", async () => {
    const clock = new FakeClock();
    const { service, out, code, host, endsAt } = await midRound(clock);
    const before = endsAt();
    clock.step(by);
    accepted(await service.dispatch(code, submit(host, "blue", 1, question(1).answer)));
    expect(endsAt()).toBe(before + by);
    expect(endsAt() - clock.now()).toBe(10_000);

    await clock.advance(10_000 - 1);
    expect(service.get(code)!.game!.phase).toBe("question");
    accepted(await service.dispatch(code, submit(RED, "red", 1, "late but in time")));
    await clock.advance(1);
    expect(out.events("round-timeup")).toHaveLength(0); // both locked: judged, not timed out
    expect(service.get(code)!.game!.phase).not.toBe("question");
    service.shutdown();
  });

  test("with no command in between, the timer still ends the round after the time left", async () => {
    const clock = new FakeClock();
    const { service, out, code } = await midRound(clock);
    clock.step(by);
    await clock.advance(10_000 - 1);
    expect(out.events("round-timeup")).toHaveLength(0);
    await clock.advance(1);
    expect(out.events("round-timeup")).toHaveLength(1);
    expect(service.get(code)!.game!.phase).not.toBe("question");
    service.shutdown();
  });

  test("the moved deadline is what a restart loads", async () => {
    const clock = new FakeClock();
    const { service, store, code, host, endsAt } = await midRound(clock);
    clock.step(by);
    accepted(await service.dispatch(code, { type: "chat", playerId: host, message: "still 10 s", chatType: "game" }));
    const moved = endsAt();
    service.shutdown();
    await store.close();

    const restarted = await boot(clock);
    expect(restarted.service.get(code)!.game!.currentRound!.endsAt).toBe(moved);
    await clock.advance(10_000 - 1);
    expect(restarted.out.events("round-timeup")).toHaveLength(0);
    await clock.advance(1);
    expect(restarted.out.events("round-timeup")).toHaveLength(1);
    restarted.service.shutdown();
  });
});

test("drift below the threshold moves nothing", async () => {
  const clock = new FakeClock();
  const { service, code, host, endsAt } = await midRound(clock);
  const before = endsAt();
  clock.step(500);
  accepted(await service.dispatch(code, { type: "chat", playerId: host, message: "hi", chatType: "game" }));
  expect(endsAt()).toBe(before);
  service.shutdown();
});
