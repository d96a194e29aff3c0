// Model steps for who is in the lobby: joining, leaving, kicks, teams and captains, presence and chat.
import fc from "fast-check";
import type { RefusalKind } from "../../../src/game/commands";
import { normalizeName } from "../../../src/game/settings";
import type { Team } from "../../../src/game/types";
import { nameKey } from "../../../src/lobbies/name-key";
import type { Real } from "./harness";
import { checkInvariants, must, type Model } from "./invariants";
import { closedBy, expectKind, hostishArb, hostOnly, rarelyHostArb, resolve, send, showWho, Step, whoArb, type Cmd, type Who } from "./step";

const NAMES = ["Ann", "ann", "ANN", " Ann ", "Bob", "bOB", "Cy", "Dee", "Host", "HOST", "host ", "A  b", "a b", "Éva", "éVA", "x".repeat(32), "X".repeat(33), "", "   ", "\t\n"];
const nameArb = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NAMES) },
  { weight: 3, arbitrary: fc.tuple(fc.constantFrom("Pat", "pat", "Kim", "KIM", "Lu"), fc.nat(30)).map(([n, i]) => `${n}${i}`) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
);

class Join extends Step {
  constructor(
    readonly name: string,
    readonly reuse: number | null,
  ) {
    super();
  }
  async act(m: Model, r: Real) {
    const id = this.reuse === null ? `p${m.nextId++}` : m.known[this.reuse % m.known.length]!;
    if (!m.known.includes(id)) m.known.push(id);
    const { before, out } = await send(r, { type: "join", playerId: id, name: this.name });
    const s = before!;
    const name = normalizeName(this.name);
    const blue = s.players.filter((p) => p.team === "blue").length;
    const red = s.players.length - blue;
    const expected: RefusalKind | "ok" =
      name.length < 1 || name.length > 32 ? "invalid"
      : s.players.some((p) => nameKey(p.name) === nameKey(name)) || s.players.some((p) => p.id === id) || s.barred.includes(id) ? "conflict"
      : blue >= 8 && red >= 8 ? "conflict"
      : "ok";
    if (expected === "invalid") must(!out.ok, `join accepted the name ${JSON.stringify(this.name)}`);
    else expectKind(out, expected, `join ${id} as ${JSON.stringify(this.name)}`);
    if (!out.ok) return;
    const seated = out.state.players.at(-1)!;
    const team: Team = blue <= red ? "blue" : "red";
    // The first on a team is its captain (docs/rules.md "Teams").
    const first = !s.players.some((p) => p.team === team);
    must(seated.id === id && seated.name === name && seated.team === team && seated.isCaptain === first && !seated.isHost, `joined as ${JSON.stringify(seated)}, expected ${name} on ${team}${first ? " as its captain" : ""}`);
  }
  toString() {
    return `join(${JSON.stringify(this.name)}${this.reuse === null ? "" : `, known#${this.reuse}`})`;
  }
}

/** Several fresh players at once, so teams can fill up within a run. */
class Crowd extends Step {
  constructor(readonly size: number) {
    super();
  }
  async act(m: Model, r: Real) {
    for (let i = 0; i < this.size; i++) {
      const id = `p${m.nextId++}`;
      m.known.push(id);
      const before = r.service.get(r.code)!;
      const full = ["blue", "red"].every((t) => before.players.filter((p) => p.team === t).length >= 8);
      const { out } = await send(r, { type: "join", playerId: id, name: `Guest ${id}` });
      expectKind(out, full ? "conflict" : "ok", `crowd join ${id}`);
    }
  }
  toString() {
    return `crowd(${this.size})`;
  }
}

class Leave extends Step {
  constructor(readonly who: Who) {
    super();
  }
  async act(m: Model, r: Real) {
    const id = resolve(r.service.get(r.code), m, this.who);
    const { before, out } = await send(r, { type: "leave", playerId: id });
    const seated = before!.players.some((p) => p.id === id);
    expectKind(out, seated ? "ok" : "notFound", `leave by ${id}`);
    if (!out.ok) return;
    if (before!.players.length === 1) return await closedBy(m, r, "left");
    const s = r.service.get(r.code)!;
    must(!s.players.some((p) => p.id === id) && s.barred.includes(id), `${id} left but is still seated or not barred`);
    if (before!.hostId === id) {
      // The longest-seated connected player, or the longest-seated one when nobody is connected.
      const others = before!.players.filter((p) => p.id !== id);
      must(s.hostId === (others.find((p) => p.connected) ?? others[0])!.id, "the host role did not pass to the longest-seated connected player");
    }
  }
  toString() {
    return `leave(${showWho(this.who)})`;
  }
}

class Kick extends Step {
  constructor(
    readonly by: Who,
    readonly target: Who,
  ) {
    super();
  }
  async act(m: Model, r: Real) {
    const s = r.service.get(r.code);
    const by = resolve(s, m, this.by);
    const id = resolve(s, m, this.target);
    const { before, out } = await send(r, { type: "kick", by, playerId: id });
    hostOnly(before, by, out, "kick");
    if (by === before!.hostId && id === by) expectKind(out, "forbidden", "the host kicking themself");
    if (by === before!.hostId && id !== by) expectKind(out, before!.players.some((p) => p.id === id) ? "ok" : "notFound", `kick ${id}`);
    if (out.ok) must(!out.state.players.some((p) => p.id === id) && out.state.barred.includes(id) && out.state.kicked?.includes(id) === true, `kicked ${id} is still seated, or not barred, or not kept as kicked`);
  }
  toString() {
    return `kick(by ${showWho(this.by)}, ${showWho(this.target)})`;
  }
}

class TeamSelect extends Step {
  constructor(
    readonly who: Who,
    readonly team: Team,
    readonly isCaptain: boolean,
  ) {
    super();
  }
  async act(m: Model, r: Real) {
    const id = resolve(r.service.get(r.code), m, this.who);
    const { before, out } = await send(r, { type: "teamSelect", playerId: id, team: this.team, isCaptain: this.isCaptain });
    const s = before!;
    const me = s.players.find((p) => p.id === id);
    if (!me) return expectKind(out, "notFound", `teamSelect by unseated ${id}`);
    const size = s.players.filter((p) => p.team === this.team).length;
    const there = me.team === this.team && me.isCaptain === this.isCaptain;
    // A captain stepping down alone on the team stays its captain; anyone may take the role.
    const alone = me.team === this.team && me.isCaptain && size === 1;
    if (s.game) expectKind(out, "conflict", "teamSelect during a game");
    else if (me.team !== this.team && size >= 8) expectKind(out, "conflict", `moving to a full ${this.team}`);
    else if (there || alone) expectKind(out, "conflict", `${id} already there, or the only player of ${this.team}`);
    else expectKind(out, "ok", `teamSelect ${id} to ${this.team}${this.isCaptain ? " as captain" : ""}`);
    if (out.ok) {
      const now = out.state.players.find((p) => p.id === id)!;
      // A member who moves onto an empty team captains it by themself.
      const captainNow = this.isCaptain || (me.team !== this.team && size === 0);
      must(now.team === this.team && now.isCaptain === captainNow, `teamSelect left ${id} as ${JSON.stringify(now)}`);
    }
  }
  toString() {
    return `teamSelect(${showWho(this.who)}, ${this.team}${this.isCaptain ? ", captain" : ""})`;
  }
}

/** Two players (maybe the same, maybe unseated) each claim a captain slot, as a party does before starting. */
class Rally extends Step {
  constructor(
    readonly blue: Who,
    readonly red: Who,
  ) {
    super();
  }
  async act(m: Model, r: Real) {
    await new TeamSelect(this.blue, "blue", true).act(m, r);
    checkInvariants(r, m);
    await new TeamSelect(this.red, "red", true).act(m, r);
  }
  toString() {
    return `rally(blue ${showWho(this.blue)}, red ${showWho(this.red)})`;
  }
}


class Chat extends Step {
  constructor(
    readonly who: Who,
    readonly text: string,
    readonly chatType: "team" | "game",
  ) {
    super();
  }
  async act(m: Model, r: Real) {
    const id = resolve(r.service.get(r.code), m, this.who);
    const { before, out } = await send(r, { type: "chat", playerId: id, message: this.text, chatType: this.chatType });
    const seated = before!.players.some((p) => p.id === id);
    expectKind(out, !seated ? "notFound" : this.text.trim() ? "ok" : "invalid", `chat by ${id}`);
  }
  toString() {
    return `chat(${showWho(this.who)}, ${JSON.stringify(this.text)}, ${this.chatType})`;
  }
}

class Presence extends Step {
  constructor(
    readonly who: Who,
    readonly connected: boolean,
  ) {
    super();
  }
  async act(m: Model, r: Real) {
    const id = resolve(r.service.get(r.code), m, this.who);
    const { before, out } = await send(r, { type: "presence", playerId: id, connected: this.connected });
    expectKind(out, before!.players.some((p) => p.id === id) ? "ok" : "notFound", `presence of ${id}`);
    if (out.ok) must(out.state.players.find((p) => p.id === id)!.connected === this.connected, "presence did not take");
  }
  toString() {
    return `presence(${showWho(this.who)}, ${this.connected})`;
  }
}

export const membershipKinds = {
  join: fc.tuple(nameArb, fc.option(fc.nat(40), { nil: null, freq: 6 })).map(([name, reuse]): Cmd => new Join(name, reuse)),
  crowd: fc.integer({ min: 1, max: 10 }).map((n): Cmd => new Crowd(n)),
  leave: rarelyHostArb.map((w): Cmd => new Leave(w)),
  kick: fc.tuple(hostishArb, whoArb).map(([by, t]): Cmd => new Kick(by, t)),
  teamSelect: fc.tuple(whoArb, fc.constantFrom<Team>("blue", "red"), fc.boolean()).map(([w, t, c]): Cmd => new TeamSelect(w, t, c)),
  rally: fc.tuple(whoArb, whoArb).map(([b, r]): Cmd => new Rally(b, r)),
  chat: fc.tuple(whoArb, fc.oneof(fc.constantFrom("gg", "  ", "", "they said Paris!"), fc.string({ maxLength: 600 })), fc.constantFrom<"team" | "game">("team", "game")).map(([w, t, c]): Cmd => new Chat(w, t, c)),
  presence: fc.tuple(whoArb, fc.boolean()).map(([w, c]): Cmd => new Presence(w, c)),
};
