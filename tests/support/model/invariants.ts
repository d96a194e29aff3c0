// What must hold of a lobby after every command, checked on the real state. The scoring table is
// written out again here from docs/rules.md "Scoring", independently of src/game/scoring.ts.
import { CHAT_HISTORY, DEFAULT_HOST_GRACE_MS } from "../../../src/game/settings";
import { TEAMS, type Lock, type LobbyState, type RoundResult, type Team } from "../../../src/game/types";
import { lobbyView, playOf as viewedPlay, roundView } from "../../../src/game/views";
import { IDLE_MS, type Real } from "./harness";

export class InvariantError extends Error {}

export function must(cond: unknown, message: string): asserts cond {
  if (!cond) throw new InvariantError(message);
}

/** What one team did in a round, as the scoring table names it. */
export type TablePlay = "none" | "steal" | "right" | "wrong";

/** docs/rules.md "Scoring", row by row: [A gains, B gains]. */
export function tableGains(a: TablePlay, b: TablePlay): [number, number] {
  if (a === "steal" && b === "steal") return [0, 0];
  if (a === "steal") return b === "right" ? [2, 0] : [0, 2];
  if (b === "steal") return a === "right" ? [0, 2] : [2, 0];
  return [a === "right" ? 1 : 0, b === "right" ? 1 : 0];
}

function playOf(r: RoundResult, team: Team): TablePlay {
  const { steal, answer, correct, overruled } = r.plays[team];
  if (steal) {
    must(answer === null && correct === null, `round ${r.number}: ${team} stole but has answer ${answer} / verdict ${correct}`);
    return "steal";
  }
  if (answer === null) {
    must(correct === null, `round ${r.number}: ${team} did not answer but has verdict ${correct}`);
    return "none";
  }
  must(typeof correct === "boolean", `round ${r.number}: ${team} answered without a verdict`);
  // The judge says right iff the text is the answer; each overrule of that team flips the ruling.
  const judged = answer === r.answer;
  must(correct === (judged !== overruled), `round ${r.number}: ${team} answered ${JSON.stringify(answer)} to ${JSON.stringify(r.answer)}, judged ${judged}, overruled ${overruled}, but the verdict is ${correct}`);
  return correct ? "right" : "wrong";
}

export function checkRound(r: RoundResult): void {
  const [blue, red] = tableGains(playOf(r, "blue"), playOf(r, "red"));
  must(r.plays.blue.points === blue && r.plays.red.points === red, `round ${r.number}: gains ${r.plays.blue.points}/${r.plays.red.points}, table says ${blue}/${red} (${JSON.stringify(r)})`);
  const winner = blue === red ? "tie" : blue > red ? "blue" : "red";
  must(r.winner === winner, `round ${r.number}: winner ${r.winner}, table says ${winner}`);
  // What clients receive says the same, one field per colour.
  const wire = roundView(r);
  must(new Set(wire.overruled).size === wire.overruled.length, `round ${r.number}: overruled lists a team twice`);
  for (const team of TEAMS) must(Bun.deepEquals(viewedPlay(wire, team), r.plays[team], true), `round ${r.number}: ${team}'s play reads ${JSON.stringify(viewedPlay(wire, team))} on the wire`);
}

/** The light model: which ids exist, how the lobby ended, and every lock ever seen. */
export interface Model {
  known: string[];
  nextId: number;
  gone: null | "ended" | "left" | "expired";
  epoch: number;
  hadGame: boolean;
  locks: Map<string, Lock>;
}

export const initialModel = (hostId: string): Model => ({ known: [hostId], nextId: 1, gone: null, epoch: 0, hadGame: false, locks: new Map() });

/** The host role is never stranded: a host away past the grace period has no connected player to pass it to. */
function checkHost(s: LobbyState, now: number): void {
  const host = s.players.find((p) => p.id === s.hostId)!;
  const away = typeof s.hostAwaySince === "number";
  must(!(host.connected && away), "a connected host is marked away");
  if (away && now - s.hostAwaySince! >= DEFAULT_HOST_GRACE_MS) {
    must(!s.players.some((p) => p.connected), `the host has been away ${now - s.hostAwaySince!} ms while a player is connected`);
  }
}

function checkPlayers(s: LobbyState): void {
  const hosts = s.players.filter((p) => p.isHost);
  must(hosts.length === 1, `${hosts.length} players have isHost`);
  must(hosts[0]!.id === s.hostId, `hostId ${s.hostId} is not the player flagged host (${hosts[0]!.id})`);
  must(new Set(s.players.map((p) => p.id)).size === s.players.length, "a player id is seated twice");
  const names = s.players.map((p) => p.name.toLowerCase());
  must(new Set(names).size === names.length, `names not unique ignoring case: ${JSON.stringify(s.players.map((p) => p.name))}`);
  for (const p of s.players) {
    must(p.name.length >= 1 && p.name.length <= 32 && p.name === p.name.trim(), `bad name ${JSON.stringify(p.name)}`);
    must(!s.barred.includes(p.id), `${p.id} is seated and barred`);
  }
  for (const id of s.kicked ?? []) must(s.barred.includes(id), `${id} was kicked but is not barred`);
  const view = lobbyView(s);
  for (const team of ["blue", "red"] as const) {
    const members = team === "blue" ? view.blueTeam : view.redTeam;
    must(members.length <= 8, `${team} has ${members.length} players`);
    const captains = members.filter((p) => p.isCaptain);
    // Captains by themselves (docs/rules.md "Teams"): a team with players has exactly one.
    must(captains.length === (members.length === 0 ? 0 : 1), `${team} has ${captains.length} captains among ${members.length}`);
    const captain = view.captains[team];
    must((captain?.id ?? null) === (captains[0]?.id ?? null), `${team}'s captain slot disagrees with its list`);
    must(!captain || captain.team === team, `${team}'s captain is on ${captain?.team}`);
  }
  must(view.host.id === s.hostId && view.host.name === hosts[0]!.name, "the view's host is not the host");
}

function checkSettings(s: LobbyState): void {
  const { rounds, roundLimit, tags } = s.settings;
  must(Number.isInteger(rounds) && rounds >= 1 && rounds <= 20, `rounds ${rounds}`);
  must(Number.isInteger(roundLimit) && roundLimit >= 15 && roundLimit <= 120, `roundLimit ${roundLimit}`);
  must(tags.length >= 1 && tags.length <= 10, `${tags.length} tags`);
  for (const t of tags) must(t.length >= 1 && t.length <= 40 && t === t.trim(), `bad tag ${JSON.stringify(t)}`);
  must(new Set(tags.map((t) => t.toLowerCase())).size === tags.length, `duplicate tags ${JSON.stringify(tags)}`);
}

function checkGame(s: LobbyState, m: Model, now: number): void {
  const g = s.game;
  if (!g) return;
  must(s.players.some((p) => p.team === "blue") && s.players.some((p) => p.team === "red"), "a game runs with an empty team");
  must(g.totalRounds >= 1 && g.totalRounds <= s.settings.rounds && g.questions.length === g.totalRounds, `totalRounds ${g.totalRounds}, ${g.questions.length} questions, rounds setting ${s.settings.rounds}`);
  must(g.currentRoundNumber >= 0 && g.currentRoundNumber <= g.totalRounds, `round ${g.currentRoundNumber} of ${g.totalRounds}`);
  const done = g.phase === "results" || g.phase === "complete" ? g.currentRoundNumber : Math.max(0, g.currentRoundNumber - 1);
  must(g.rounds.length === done, `phase ${g.phase} at round ${g.currentRoundNumber} with ${g.rounds.length} results`);
  must(g.phase !== "idle" || g.currentRoundNumber === 0, `idle at round ${g.currentRoundNumber}`);
  must((g.phase === "complete") === (g.rounds.length === g.totalRounds), `phase ${g.phase} after ${g.rounds.length}/${g.totalRounds} rounds`);
  let blue = 0;
  let red = 0;
  g.rounds.forEach((r, i) => {
    must(r.number === i + 1, `result ${i} is numbered ${r.number}`);
    const q = g.questions[i]!;
    must(r.question === q.question && r.answer === q.answer, `round ${r.number} reports another question`);
    checkRound(r);
    blue += r.plays.blue.points;
    red += r.plays.red.points;
    for (const team of ["blue", "red"] as const) {
      const lock = m.locks.get(`${m.epoch}:${r.number}:${team}`);
      const { answer, steal } = r.plays[team];
      const shown = steal ? "steal" : answer;
      const locked = lock ? (lock.isSteal ? "steal" : lock.answer) : null;
      must(shown === locked, `round ${r.number}: ${team}'s result shows ${JSON.stringify(shown)}, its lock was ${JSON.stringify(locked)}`);
    }
  });
  must(g.scores.blue === blue && g.scores.red === red, `scores ${JSON.stringify(g.scores)} but the rounds add up to ${blue}/${red}`);
  const round = g.currentRound;
  must((round === null) === (g.currentRoundNumber === 0), "currentRound and currentRoundNumber disagree");
  if (!round) return;
  must(round.number === g.currentRoundNumber && round.question === g.questions[round.number - 1], "the current round asks the wrong question");
  must(round.endsAt - s.settings.roundLimit * 1000 <= now, "the round ends later than roundLimit from now");
  if (g.phase === "question") must(now < round.endsAt, `question phase at ${now}, past endsAt ${round.endsAt}`);
  for (const team of ["blue", "red"] as const) {
    const key = `${m.epoch}:${round.number}:${team}`;
    const lock = round.locks[team];
    const seen = m.locks.get(key);
    // A lock is taken once per team and round and never replaced.
    if (seen) must(lock && JSON.stringify(lock) === JSON.stringify(seen), `${team}'s lock for round ${round.number} changed from ${JSON.stringify(seen)} to ${JSON.stringify(lock)}`);
    if (!lock) continue;
    must(lock.isSteal ? lock.answer === "" : lock.answer.length > 0 && lock.answer.length <= 200 && lock.answer === lock.answer.trim(), `bad lock ${JSON.stringify(lock)}`);
    const by = s.players.find((p) => p.id === lock.playerId);
    must(!by || by.team === team, `${team}'s lock was taken by ${lock.playerId} of ${by?.team}`);
    if (!seen) {
      must(g.phase === "question" || g.phase === "judging", `a new lock appeared in phase ${g.phase}`);
      m.locks.set(key, lock);
    }
  }
}

/** Everything that must hold now; updates the model's record of games and locks. */
export function checkInvariants(real: Real, m: Model): void {
  const { service, clock, out, code } = real;
  must(real.violations.length === 0, real.violations.join("; "));
  const s = service.get(code);
  if (!s) {
    must(m.gone !== null, "the lobby vanished without being ended, emptied or expiring");
    must(service.size === 0, `${service.size} lobbies left`);
    must(service.timerCount === 0, `${service.timerCount} service timers outlive the lobby`);
    must(clock.timers === 0, `${clock.timers} clock timers outlive the lobby`);
    must(out.closed === 1, `the broadcaster was closed ${out.closed} times`);
    return;
  }
  must(m.gone === null, `the lobby is back after it ${m.gone}`);
  checkPlayers(s);
  checkSettings(s);
  must(new Set(s.asked).size === s.asked.length, "a question was asked twice in this lobby");
  must(s.chat.length <= CHAT_HISTORY, `${s.chat.length} chat messages kept`);
  if (s.game && !m.hadGame) m.epoch++;
  m.hadGame = s.game !== null;
  checkGame(s, m, clock.now());
  checkHost(s, clock.now());
  const awayTimer = typeof s.hostAwaySince === "number" && clock.now() < s.hostAwaySince + DEFAULT_HOST_GRACE_MS;
  const expected = 1 + (s.game?.phase === "question" ? 1 : 0) + (awayTimer ? 1 : 0);
  must(service.timerCount === expected && clock.timers === expected, `timers: service ${service.timerCount}, clock ${clock.timers}, expected ${expected} in phase ${s.game?.phase ?? "lobby"}`);
  must(clock.now() < out.lastActivity + IDLE_MS, `still here at ${clock.now()}, idle since ${out.lastActivity}`);
}
