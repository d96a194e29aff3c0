// The model test's steps share this: who a step acts as (resolved against the real state when it
// runs), the coverage tally, and the checks every command makes (tests/lobbies/model.property.test.ts).
import fc from "fast-check";
import type { Command, RefusalKind } from "../../../src/game/commands";
import type { Outcome } from "../../../src/game/outcome";
import type { LobbyState, Team } from "../../../src/game/types";
import type { Real } from "./harness";
import { checkInvariants, must, type Model } from "./invariants";
import { settle } from "../settle";

export type Cmd = fc.AsyncCommand<Model, Real>;

// ---- who does it: resolved against the real state when the command runs ----

export type Who = { k: "host" } | { k: "seat"; i: number } | { k: "nonHost"; i: number } | { k: "onTeam"; team: Team; i: number } | { k: "known"; i: number } | { k: "ghost" };
export const whoArb: fc.Arbitrary<Who> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ k: "host" as const }) },
  { weight: 3, arbitrary: fc.nat(20).map((i) => ({ k: "seat" as const, i })) },
  { weight: 3, arbitrary: fc.nat(20).map((i) => ({ k: "nonHost" as const, i })) },
  { weight: 1, arbitrary: fc.nat(40).map((i) => ({ k: "known" as const, i })) },
  { weight: 1, arbitrary: fc.constant({ k: "ghost" as const }) },
);
/** For host-only commands: mostly the host, so games happen; sometimes anyone. */
export const hostishArb: fc.Arbitrary<Who> = fc.oneof({ weight: 5, arbitrary: fc.constant({ k: "host" as const }) }, { weight: 2, arbitrary: whoArb });
/** For commands that end things: rarely the host, so most runs live long enough to play. */
export const rarelyHostArb: fc.Arbitrary<Who> = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ k: "host" as const }) },
  { weight: 6, arbitrary: fc.nat(20).map((i) => ({ k: "nonHost" as const, i })) },
  { weight: 1, arbitrary: fc.constant({ k: "ghost" as const }) },
);
export const GHOST = "ghost-never-seated";
export const showWho = (w: Who) => (w.k === "host" || w.k === "ghost" ? w.k : w.k === "onTeam" ? `${w.team}#${w.i}` : `${w.k}#${w.i}`);

export function resolve(s: LobbyState | undefined, m: Model, w: Who): string {
  const players = s?.players ?? [];
  const others = players.filter((p) => p.id !== s?.hostId);
  switch (w.k) {
    case "host":
      return s?.hostId ?? m.known[0]!;
    case "seat":
      return players.length ? players[w.i % players.length]!.id : GHOST;
    case "nonHost":
      return others.length ? others[w.i % others.length]!.id : GHOST;
    case "onTeam": {
      const team = players.filter((p) => p.team === w.team);
      return team.length ? team[w.i % team.length]!.id : GHOST;
    }
    case "known":
      return m.known[w.i % m.known.length]!;
    case "ghost":
      return GHOST;
  }
}

// ---- running a command on the real service, with the checks every command shares ----

export const coverage = new Map<string, number>();
export const count = (key: string) => coverage.set(key, (coverage.get(key) ?? 0) + 1);
export const tally = (name: string, out: Outcome) => count(`${name} ${out.ok ? "ok" : `${out.kind} ${out.message}`}`);

/** Dispatches, keeping a copy of the state before for the oracles. (The harness checks that a refusal leaves the state untouched.) */
export async function send(r: Real, command: Command): Promise<{ before: LobbyState | undefined; out: Outcome }> {
  const live = r.service.get(r.code);
  const before = live && structuredClone(live);
  return { before, out: await r.service.dispatch(r.code, command) };
}

export const kindOf = (out: Outcome): RefusalKind | "ok" => (out.ok ? "ok" : out.kind);
export const expectKind = (out: Outcome, want: RefusalKind | "ok", what: string) => must(kindOf(out) === want, `${what}: got ${kindOf(out)} (${out.ok ? "" : out.message}), expected ${want}`);

/** Commands only the host may give: anyone else is refused as forbidden. */
export function hostOnly(before: LobbyState | undefined, by: string, out: Outcome, what: string): void {
  if (before && by !== before.hostId) expectKind(out, "forbidden", `${what} by non-host ${by}`);
}

/** The lobby closed on this command: ended, emptied, or idle. */
export async function closedBy(m: Model, r: Real, how: NonNullable<Model["gone"]>): Promise<void> {
  must(r.service.get(r.code) === undefined, `the lobby should be gone after it ${how}`);
  m.gone = how;
  must((await r.store.loadAll()).length === 0, "the ended lobby is still in the store");
}

export abstract class Step implements Cmd {
  check(m: Readonly<Model>): boolean {
    return m.gone === null;
  }
  abstract act(m: Model, r: Real): void | Promise<void>;
  async run(m: Model, r: Real): Promise<void> {
    count("steps");
    count(`phase ${r.service.get(r.code)?.game?.phase ?? "lobby"}`);
    // The step's own commands are awaited and checked before anything they set off (a verdict with
    // nothing to judge) lands; that lands before the next step, as it would between two players' taps.
    await this.act(m, r);
    checkInvariants(r, m);
    await settle(1);
  }
  abstract toString(): string;
}
