// Model steps that close the lobby, and what every command meets once it is closed.
import fc from "fast-check";
import type { Command } from "../../../src/game/commands";
import { IDLE_MS, settle, type Real } from "./harness";
import { checkInvariants, type Model } from "./invariants";
import { closedBy, expectKind, hostOnly, rarelyHostArb, resolve, send, showWho, Step, tally, type Cmd, type Who } from "./step";

class EndLobby extends Step {
  constructor(readonly by: Who) {
    super();
  }
  async act(m: Model, r: Real) {
    const by = resolve(r.service.get(r.code), m, this.by);
    const { before, out } = await send(r, { type: "endLobby", by });
    hostOnly(before, by, out, "endLobby");
    if (by === before!.hostId) expectKind(out, "ok", "endLobby by the host");
    if (out.ok) await closedBy(m, r, "ended");
  }
  toString() {
    return `endLobby(by ${showWho(this.by)})`;
  }
}

/** After the lobby is gone: every command is notFound, nothing comes back, no timer starts. */
class AfterEnd implements Cmd {
  constructor(readonly which: number) {}
  check(m: Readonly<Model>) {
    return m.gone !== null;
  }
  async run(m: Model, r: Real) {
    const id = m.known[this.which % m.known.length]!;
    const commands: Command[] = [
      { type: "join", playerId: `late-${this.which}`, name: "Latecomer" },
      { type: "startRound", by: id },
      { type: "chat", playerId: id, message: "anyone?", chatType: "game" },
      { type: "timeUp", roundNumber: 1 },
    ];
    const out = this.which % 5 === 4 ? await r.service.startGame(r.code, id) : await r.service.dispatch(r.code, commands[this.which % 5]!);
    tally("after-end", out);
    expectKind(out, "notFound", "a command after the lobby closed");
    r.judge.release();
    await settle();
    await r.clock.advance(IDLE_MS);
    checkInvariants(r, m);
  }
  toString() {
    return `afterEnd(${this.which})`;
  }
}
export const closingKinds = {
  endLobby: rarelyHostArb.map((w): Cmd => new EndLobby(w)),
  afterEnd: fc.nat(50).map((n): Cmd => new AfterEnd(n)),
};
