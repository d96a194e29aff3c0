// One soak lobby from creation to its end: eight players seated over REST (four a team, captains
// chosen), whole games played over real sockets, churn and drops along the way, and every event the
// round flow promises (docs/rules.md "Rounds", docs/soak.md "Method") checked on every client that stayed connected.
import type { Question } from "../../src/game/types";
import { type Churn, type ClientOptions, type Seat, SoakClient, type Team } from "./client";
import { Rest } from "./rest";
import { pick, rng, sleep, type Stats } from "./stats";

export const PLAYERS = 8;
export const ROUND_LIMIT_S = 15;
const TEAMS: readonly Team[] = ["blue", "red"];
const TAG_SETS = [["General"], ["General"], ["Animals", "Space"], ["History"], ["Movies", "Music", "Sports"]];

export interface LobbyConfig {
  url: string;
  index: number;
  seed: number;
  rounds: number;
  games: number;
  /** chance, per client and round, of a disconnect and reconnect */
  churn: number;
  /** chance that one client of the lobby drops for good in its first game */
  dropRate: number;
  thinkMs: number;
  /** share of clients on the SSE + POST fallback instead of a WebSocket */
  fallbackShare: number;
  reconnectDelayMs: number;
  timeoutMs: number;
  /** question text -> correct answer, so some locks are right */
  bank: ReadonlyMap<string, Question>;
  stats: Stats;
  /** throws once the run's hard stop has passed */
  checkDeadline: () => void;
  /** every client opened, so the run can close stragglers */
  track: (client: SoakClient) => void;
}

interface Plan {
  isSteal: boolean;
  answer: string;
  right: boolean;
}

export async function playLobby(cfg: LobbyConfig): Promise<void> {
  const { stats } = cfg;
  const random = rng(cfg.seed);
  const rest = new Rest(cfg.url, stats, cfg.timeoutMs);
  const clients: SoakClient[] = [];
  let code = "????";
  let host: Seat | undefined;
  const fail = (what: string) => stats.error(`lobby #${cfg.index} ${code}: ${what}`);
  const live = () => clients.filter((c) => !c.dropped);
  const clientOpts = (): ClientOptions => ({
    url: cfg.url,
    transport: random() < cfg.fallbackShare ? "stream" : "websocket",
    reconnectDelayMs: cfg.reconnectDelayMs,
    timeoutMs: cfg.timeoutMs,
  });

  function open(seat: Seat): void {
    const client = new SoakClient(seat, `${code}/${seat.name}`, clientOpts(), stats);
    clients.push(client);
    cfg.track(client);
  }

  /** Resynced from the snapshot: the lobby, this player, the round, its own team's lock, no secrets. */
  function checkSnapshot(client: SoakClient, snap: any, round?: { number: number; total: number; plans: Record<Team, Plan> }): void {
    const me = client.seat;
    if (snap?.lobby?.code !== code || snap?.you?.id !== me.id || snap?.you?.team !== me.team) fail(`snapshot for ${me.name} names the wrong lobby or player`);
    for (const m of snap?.chat ?? []) if (m.chatType === "team" && m.team !== me.team) fail(`snapshot for ${me.name} leaks ${m.team} team chat`);
    if (!round) return;
    const game = snap?.lobby?.gameState;
    if (!game) return fail(`snapshot for ${me.name} in round ${round.number} has no game`);
    if (game.currentRoundNumber !== round.number || game.totalRounds !== round.total) fail(`snapshot for ${me.name} is at round ${game.currentRoundNumber}/${game.totalRounds}, expected ${round.number}/${round.total}`);
    if ((game.phase === "results" || game.phase === "complete") && game.rounds?.length !== round.number) fail(`snapshot for ${me.name} in ${game.phase} holds ${game.rounds?.length} results`);
    if (game.phase === "question" || game.phase === "judging") {
      if (Boolean(snap.lock) !== game.locked?.[me.team]) fail(`snapshot for ${me.name}: lock and locked flag disagree`);
      const plan = round.plans[me.team];
      if (snap.lock && (snap.lock.isSteal !== plan.isSteal || snap.lock.answer !== (plan.isSteal ? "" : plan.answer))) fail(`snapshot for ${me.name} shows a lock that is not its team's`);
    } else if (snap.lock) fail(`snapshot for ${me.name} shows a lock in phase ${game.phase}`);
    else if (game.phase !== "results" && game.phase !== "complete") fail(`snapshot for ${me.name} in unexpected phase ${game.phase}`);
  }

  async function seatEveryone(): Promise<Seat[]> {
    const hostName = `Host ${cfg.index}`;
    const created = await rest.call("POST", "/api/lobby/create", undefined, { playerName: hostName });
    code = created.lobby.code;
    const seatOf = (body: any, name: string): Seat => {
      const me = [...body.lobby.blueTeam, ...body.lobby.redTeam].find((p: any) => p.name === name);
      if (!me) throw new Error(`${name} is not in the lobby it joined`);
      return { id: me.id, name, token: body.token, team: me.team };
    };
    host = seatOf(created, hostName);
    open(host);
    for (let k = 1; k < PLAYERS; k++) {
      const name = `Player ${cfg.index}-${k}`;
      // Codes match ignoring case; half the players type it in lower case.
      const joined = await rest.call("POST", "/api/lobby/join", undefined, { playerName: name, code: random() < 0.5 ? code.toLowerCase() : code });
      open(seatOf(joined, name));
    }
    const seats = clients.map((c) => c.seat);
    for (const team of TEAMS) if (seats.filter((s) => s.team === team).length !== PLAYERS / 2) throw new Error(`teams are not ${PLAYERS / 2} a side`);
    await Promise.all(clients.map(async (c) => checkSnapshot(c, await c.sync())));
    // Captains over REST, then the host's settings; everyone connected hears both. The first seated
    // on each team captains it already (docs/rules.md "Teams"): another member takes the role.
    const captains = TEAMS.map((team) => pick(seats.filter((s) => s.team === team).slice(1), random));
    for (const c of clients) c.clear();
    for (const captain of captains) await rest.call("POST", "/api/lobby/teamSelect", captain.token, { team: captain.team, isCaptain: true });
    const settings = { rounds: cfg.rounds, roundLimit: ROUND_LIMIT_S, tags: pick(TAG_SETS, random) };
    await rest.call("POST", "/api/lobby/updateSettings", host.token, { settings });
    await Promise.all(
      clients.map(async (c) => {
        for (const captain of captains) await c.waitFor("player-team-changed", (p) => p?.playerId === captain.id && p?.lobby?.captains?.[captain.team]?.id === captain.id);
        await c.waitFor("settings-updated", (p) => p?.settings?.rounds === cfg.rounds && p?.settings?.roundLimit === ROUND_LIMIT_S);
      }),
    );
    return seats;
  }

  async function playRound(game: number, r: number, total: number, scores: Record<Team, number>, dropHere: boolean): Promise<any> {
    const h = host!;
    const present = live();
    const dropper = dropHere ? pick(present, random) : null;
    const dropKind = random();
    const dropDelay = random() * cfg.thinkMs;
    const churners = present.filter((c) => c !== dropper && random() < cfg.churn);
    const stable = present.filter((c) => c !== dropper && !churners.includes(c));
    const plans = {} as Record<Team, Plan>;
    const lockers = {} as Record<Team, SoakClient>;
    const thinks = {} as Record<Team, number>;
    for (const team of TEAMS) {
      const isSteal = random() < 0.3;
      plans[team] = { isSteal, answer: isSteal ? "" : `not it ${team} ${r}`, right: !isSteal && random() < 0.5 };
      const candidates = stable.filter((c) => c.seat.team === team);
      lockers[team] = pick(candidates.length ? candidates : clients.filter((c) => c.seat.team === team), random);
      thinks[team] = random() * cfg.thinkMs;
    }
    for (const c of present) c.clear();

    const started = await rest.call("POST", "/api/lobby/startRound", h.token, { code });
    if (started.roundNumber !== r) throw new Error(`startRound opened round ${started.roundNumber}, expected ${r}`);
    const round = { number: r, total, plans };

    // Churn and the drop run alongside the round.
    const churning = churners.map(async (c) => {
      const kind: Churn = random() < 0.5 ? "blip" : "refresh";
      await sleep(random() * cfg.thinkMs);
      checkSnapshot(c, await c.churn(kind), round);
      stats.reconnects++;
    });
    const dropping = (async () => {
      if (!dropper) return;
      await sleep(dropDelay);
      if (dropKind < 0.34) await dropper.dropWhileJoining();
      else dropper.drop(dropKind < 0.67);
      stats.drops++;
    })();

    const heard = await Promise.all(stable.map((c) => c.waitFor("round-started", (p) => p?.game?.currentRoundNumber === r)));
    for (const p of heard) {
      if (p.game.totalRounds !== total || typeof p.endsAt !== "number" || typeof p.game.currentRound?.question !== "string") fail(`round-started of round ${r} is malformed`);
      if (p.game.currentRound && "answer" in p.game.currentRound) fail(`round-started of round ${r} carries the answer`);
    }
    const question = heard[0]?.game.currentRound.question as string | undefined;
    const correct = question ? cfg.bank.get(question)?.answer : undefined;
    for (const team of TEAMS) {
      const plan = plans[team];
      if (plan.right && correct) plan.answer = correct;
      else plan.right = false;
    }

    // A little talk in each team, some to the room and some to the team only.
    const said: { text: string; from: SoakClient; chatType: "game" | "team" }[] = [];
    for (const team of TEAMS) {
      const speakers = stable.filter((c) => c.seat.team === team);
      for (let n = 0; n < Math.min(speakers.length, 1 + Math.floor(random() * 3)); n++) {
        const from = speakers[n]!;
        const chatType = random() < 0.5 ? "team" : "game";
        const text = `g${game} r${r} ${from.seat.name} says ${chatType} #${n}`;
        from.emit("chat-message", { lobbyCode: code, message: text, playerId: from.seat.id, playerName: from.seat.name, team, chatType });
        said.push({ text, from, chatType });
        stats.chatsSent++;
      }
    }

    // One player a team locks, so the round ends as soon as both have.
    await Promise.all(
      TEAMS.map(async (team) => {
        await sleep(thinks[team]);
        const locker = lockers[team];
        const plan = plans[team];
        await rest.call("POST", "/api/lobby/submitAnswer", locker.seat.token, { code, roundNumber: r, answer: plan.answer, isSteal: plan.isSteal, playerId: locker.seat.id, team });
      }),
    );

    const results = await Promise.all(
      stable.map(async (c) => {
        const own = await c.waitFor("team-answer-submitted", (p) => p?.team === c.seat.team && p?.roundNumber === r);
        const plan = plans[c.seat.team];
        if (own.isSteal !== plan.isSteal || own.answer !== (plan.isSteal ? "" : plan.answer)) fail(`${c.seat.name} heard the wrong lock of its own team in round ${r}`);
        const theirs = await c.waitFor("team-answer-submitted", (p) => p?.team !== c.seat.team && p?.roundNumber === r);
        if ("answer" in theirs || "isSteal" in theirs) fail(`${c.seat.name} heard the other team's lock before results (round ${r})`);
        await c.waitFor("answer-processing-started", (p) => p?.roundNumber === r);
        return c.waitFor("round-results", (p) => p?.round?.number === r);
      }),
    );
    // With every client churning or dropped, the lobby itself says how the round ended.
    const outcome = results[0] ?? (await roundFromRest(r));
    if (results.some((p) => JSON.stringify(p) !== JSON.stringify(outcome))) fail(`clients disagree on the results of round ${r}`);
    checkResults(outcome, r, total, plans, scores);

    for (const { text, from, chatType } of said) {
      const to = stable.filter((c) => chatType === "game" || c.seat.team === from.seat.team);
      await Promise.all(
        to.map(async (c) => {
          const msg = await c.waitFor("chat-message", (p) => p?.message === text);
          if (msg.playerId !== from.seat.id || msg.team !== from.seat.team || msg.chatType !== chatType) fail(`chat "${text}" arrived with the wrong sender or type`);
          stats.chatsDelivered++;
        }),
      );
    }
    for (const c of stable) {
      for (const m of c.events("chat-message")) if (m.chatType === "team" && m.team !== c.seat.team) fail(`${c.seat.name} received ${m.team} team chat`);
      if (c.events("round-timeup").length) fail(`round ${r} timed out although both teams locked`);
    }

    await Promise.all(churning);
    await dropping;
    if (dropper) await Promise.all(stable.map((c) => c.waitFor("player-disconnected", (p) => p?.playerId === dropper.seat.id)));
    stats.roundsCompleted++;
    return outcome;
  }

  async function roundFromRest(r: number): Promise<any> {
    const until = Date.now() + cfg.timeoutMs;
    while (Date.now() < until) {
      const view = (await rest.call("GET", `/api/lobby/${code}`, host!.token)).data;
      const game = view.gameState;
      if (game?.rounds?.length >= r) return { round: game.rounds[r - 1], scores: game.scores, gameComplete: game.phase === "complete" };
      await sleep(100);
    }
    throw new Error(`missing event: the results of round ${r} never reached the lobby`);
  }

  function checkResults(p: any, r: number, total: number, plans: Record<Team, Plan>, scores: Record<Team, number>): void {
    const round = p?.round;
    if (!round || typeof round.answer !== "string") return fail(`round-results of round ${r} is malformed`);
    for (const team of TEAMS) {
      const plan = plans[team];
      if (round[`${team}Steal`] !== plan.isSteal || round[`${team}Answer`] !== (plan.isSteal ? null : plan.answer)) fail(`round ${r} results lost ${team}'s lock`);
      if (plan.right && round[`${team}Correct`] !== true) fail(`round ${r}: ${team}'s exact answer "${plan.answer}" was judged wrong`);
      scores[team] += round[`${team}PointsGained`];
      if (p.scores?.[team] !== scores[team]) fail(`round ${r}: ${team}'s score ${p.scores?.[team]} is not the sum of its gains ${scores[team]}`);
    }
    if (p.gameComplete !== (r === total)) fail(`round ${r} of ${total}: gameComplete is ${p.gameComplete}`);
  }

  async function playGame(game: number, dropRound: number | null): Promise<void> {
    const h = host!;
    for (const c of live()) c.clear();
    const started = await rest.call("POST", "/api/lobby/start", h.token);
    const total = started.lobby?.gameState?.totalRounds;
    if (total !== cfg.rounds) throw new Error(`game ${game} has ${total} rounds, expected ${cfg.rounds}`);
    await Promise.all(live().map((c) => c.waitFor("game-started", (p) => p?.lobbyCode === code)));
    const scores = { blue: 0, red: 0 };
    let last: any = null;
    for (let r = 1; r <= total; r++) {
      cfg.checkDeadline();
      last = await playRound(game, r, total, scores, r === dropRound);
    }
    if (last?.gameComplete !== true) throw new Error(`game ${game} did not complete`);
    // Presence: everyone still here shows connected, whoever dropped shows away.
    const view = (await rest.call("GET", `/api/lobby/${code}`, h.token)).data;
    if (view.gameState?.phase !== "complete" || view.gameState?.rounds?.length !== total) fail(`game ${game} is not complete in the lobby view`);
    for (const p of [...view.blueTeam, ...view.redTeam]) {
      const client = clients.find((c) => c.seat.id === p.id);
      if (!client) fail(`an unknown player ${p.name} sits in the lobby`);
      else if (p.connected === client.dropped) fail(`${p.name} shows ${p.connected ? "connected" : "away"} but ${client.dropped ? "dropped for good" : "is connected"}`);
    }
    if (view.blueTeam.length + view.redTeam.length !== PLAYERS) fail(`seats went missing: ${view.blueTeam.length + view.redTeam.length} of ${PLAYERS}`);
    for (const c of live()) c.clear();
    await rest.call("POST", "/api/lobby/returnToLobby", h.token);
    await Promise.all(live().map((c) => c.waitFor("lobby-returned", (p) => p?.lobby?.code === code && p?.lobby?.gameState === null)));
    stats.gamesCompleted++;
  }

  try {
    await seatEveryone();
    const dropRound = random() < cfg.dropRate ? 1 + Math.floor(random() * cfg.rounds) : null;
    for (let game = 1; game <= cfg.games; game++) {
      cfg.checkDeadline();
      await playGame(game, game === 1 ? dropRound : null);
    }
    // The host ends the lobby: everyone still here hears it and is let go; the code is gone.
    const present = live();
    for (const c of present) {
      c.clear();
      c.expectingDisconnect = true;
    }
    await rest.call("POST", "/api/lobby/end", host!.token);
    await Promise.all(present.map((c) => c.waitFor("lobby-ended", (p) => p?.lobbyCode === code)));
    await Promise.all(present.map((c) => c.until(() => (c.connected ? undefined : true), "the server closing the connection")));
    await rest.call("GET", `/api/lobby/${code}`, undefined, undefined, 404);
    stats.lobbiesEnded++;
  } catch (err) {
    stats.lobbiesFailed++;
    fail(err instanceof Error ? err.message : String(err));
    for (const c of clients) c.expectingDisconnect = true;
    if (host) await rest.call("POST", "/api/lobby/end", host.token).catch(() => {});
  } finally {
    for (const c of clients) c.close();
  }
}
