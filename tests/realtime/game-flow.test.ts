// A whole game over real sockets: four players, captains chosen over REST, nine rounds that walk
// through every row of the scoring table (docs/rules.md "Scoring"), and the lobby events around it.
// Each event is checked at its transition with its payload in docs/contract.md "Server events".
import { describe, expect, test } from "bun:test";
import type { Team, Winner } from "../../src/game/types";
import { call } from "../support/app";
import { createLobby, joinLobby, ok, quizQuestion, type Seat, submit, teamSelect } from "../support/rest";
import { useRealtime } from "../support/party";
import { flush, TRANSPORTS, type Client } from "../support/sockets";

type Move = "right" | "wrong" | "steal" | "none";
interface Row {
  covers: string;
  blue: Move;
  red: Move;
  gained: Record<Team, number>;
  /** the running score after the round, added up by hand */
  scores: Record<Team, number>;
  winner: Winner;
}

// docs/rules.md "Scoring": answers/answers +1 each if correct; a steal against a correct answer +2 to the
// stealer; a steal against a wrong or missing answer +2 to the other team; steal/steal 0-0;
// no answer/answer: +1 to the answering team if correct.
const SCRIPT: Row[] = [
  { covers: "answers vs answers: right vs wrong", blue: "right", red: "wrong", gained: { blue: 1, red: 0 }, scores: { blue: 1, red: 0 }, winner: "blue" },
  { covers: "steal vs answered correctly", blue: "steal", red: "right", gained: { blue: 2, red: 0 }, scores: { blue: 3, red: 0 }, winner: "blue" },
  { covers: "steal vs answered wrongly (failed steal)", blue: "wrong", red: "steal", gained: { blue: 2, red: 0 }, scores: { blue: 5, red: 0 }, winner: "blue" },
  { covers: "steal vs no answer (failed steal)", blue: "steal", red: "none", gained: { blue: 0, red: 2 }, scores: { blue: 5, red: 2 }, winner: "red" },
  { covers: "steal vs steal", blue: "steal", red: "steal", gained: { blue: 0, red: 0 }, scores: { blue: 5, red: 2 }, winner: "tie" },
  { covers: "no answer vs answered correctly", blue: "none", red: "right", gained: { blue: 0, red: 1 }, scores: { blue: 5, red: 3 }, winner: "red" },
  { covers: "answers vs answers: both right", blue: "right", red: "right", gained: { blue: 1, red: 1 }, scores: { blue: 6, red: 4 }, winner: "tie" },
  { covers: "answers vs answers: both wrong", blue: "wrong", red: "wrong", gained: { blue: 0, red: 0 }, scores: { blue: 6, red: 4 }, winner: "tie" },
  { covers: "answered wrongly vs no answer", blue: "wrong", red: "none", gained: { blue: 0, red: 0 }, scores: { blue: 6, red: 4 }, winner: "tie" },
];
const ROUNDS = SCRIPT.length;
const LIMIT_S = 30;

const answerText = (move: Move, team: Team, n: number) => (move === "right" ? quizQuestion(n).answer : move === "wrong" ? `${team} guess ${n}` : "");
const typed = (move: Move, team: Team, n: number) => (move === "right" || move === "wrong" ? answerText(move, team, n) : null);
const other = (team: Team): Team => (team === "blue" ? "red" : "blue");
const names = (list: any[]) => list.map((p) => p.name);

for (const transport of TRANSPORTS) {
  describe(`a whole game over ${transport}`, () => {
    const { start } = useRealtime(transport);

    test("lobby events, every scoring row across nine rounds, results and the way back to the lobby", async () => {
      const { app, clock, clients } = await start();

      // --- seating: each newcomer is announced to everyone already connected ---------------------
      const { code, ...hana } = await createLobby(app, "Hana");
      const hanaC = await clients.connect("Hana", hana.token);
      const connected: Client[] = [hanaC];
      const seats: Seat[] = [hana];
      for (const name of ["Ravi", "Bo", "Rue"]) {
        const seat = await joinLobby(app, code, name);
        for (const c of connected) {
          const joined = await c.waitFor("player-joined", (p) => p.player?.id === seat.id);
          expect(joined).toMatchObject({ updateType: "player-joined", lobby: { code } });
          expect([...names(joined.lobby.blueTeam), ...names(joined.lobby.redTeam)]).toContain(name);
        }
        connected.push(await clients.connect(name, seat.token));
        seats.push(seat);
      }
      const [, ravi, bo, rue] = seats as [Seat, Seat, Seat, Seat];
      const [, raviC, boC, rueC] = connected as [Client, Client, Client, Client];
      const team: Record<Team, Client[]> = { blue: [hanaC, boC], red: [raviC, rueC] };
      const everyone = connected;

      // smaller team first, blue on a tie: Hana, Bo blue; Ravi, Rue red
      const seated = rueC.events("lobby-updated").find((p) => p.updateType === "snapshot");
      expect(names(seated.lobby.blueTeam)).toEqual(["Hana", "Bo"]);
      expect(names(seated.lobby.redTeam)).toEqual(["Ravi", "Rue"]);

      // --- captains over REST: player-team-changed ------------------------------------------------
      // Hana and Ravi captain their teams by themselves, as the first on each; Bo and then Rue take the role.
      expect(seated.lobby.captains).toMatchObject({ blue: { id: hana.id }, red: { id: ravi.id } });
      await teamSelect(app, bo, "blue", true);
      await teamSelect(app, rue, "red", true);
      for (const c of everyone) {
        const first = await c.waitFor("player-team-changed");
        expect(first).toMatchObject({ updateType: "player-team-changed", playerId: bo.id, lobby: { code, captains: { blue: { id: bo.id, isCaptain: true }, red: { id: ravi.id } } } });
        const second = await c.waitFor("player-team-changed");
        expect(second).toMatchObject({ updateType: "player-team-changed", playerId: rue.id, lobby: { captains: { blue: { id: bo.id }, red: { id: rue.id, isCaptain: true } } } });
      }

      // --- settings-updated -------------------------------------------------------------------------
      await ok(app, "/api/lobby/updateSettings", hana.token, { settings: { rounds: ROUNDS, roundLimit: LIMIT_S, tags: ["Animals"] } });
      for (const c of everyone) {
        const updated = await c.waitFor("settings-updated");
        expect(updated).toMatchObject({ updateType: "settings-updated", lobby: { code, settings: { rounds: ROUNDS, roundLimit: LIMIT_S, tags: ["Animals"] } } });
      }

      // --- game-started ------------------------------------------------------------------------------
      await ok(app, "/api/lobby/start", hana.token);
      for (const c of everyone) {
        const started = await c.waitFor("game-started");
        expect(started).toMatchObject({ lobbyCode: code, lobby: { code, gameState: { phase: "idle", currentRoundNumber: 0, totalRounds: ROUNDS, scores: { blue: 0, red: 0 }, rounds: [] } } });
      }

      // --- the rounds -------------------------------------------------------------------------------
      let before: Record<Team, number> = { blue: 0, red: 0 };
      for (const [i, row] of SCRIPT.entries()) {
        const n = i + 1;
        const q = quizQuestion(n);
        const marks = everyone.map((c) => c.mark());
        const startedAt = clock.now();
        const endsAt = startedAt + LIMIT_S * 1000;

        expect(await ok(app, "/api/lobby/startRound", hana.token, { code })).toMatchObject({ roundNumber: n, endsAt });
        for (const c of everyone) {
          const started = await c.waitFor("round-started");
          expect(started).toEqual({
            game: { currentRoundNumber: n, totalRounds: ROUNDS, currentRound: expect.objectContaining({ number: n, question: q.question, category: q.category }), scores: before },
            endsAt,
          });
        }

        // members lock on odd rounds, captains on even ones: any player of a team may answer
        const submitter: Record<Team, Seat> = n % 2 ? { blue: bo, red: rue } : { blue: hana, red: ravi };
        const locking = (["blue", "red"] as const).filter((t) => row[t] !== "none");
        for (const t of locking) {
          await clock.advance(1000);
          await submit(app, submitter[t], n, answerText(row[t], t, n), row[t] === "steal");
          for (const c of team[t]) expect(await c.waitFor("team-answer-submitted")).toEqual({ team: t, roundNumber: n, answer: answerText(row[t], t, n), isSteal: row[t] === "steal", playerId: submitter[t].id });
          // the other team learns only that this team locked
          for (const c of team[other(t)]) expect(await c.waitFor("team-answer-submitted")).toEqual({ team: t, roundNumber: n });
        }

        const timedOut = locking.length < 2;
        if (timedOut) {
          // one millisecond before endsAt nothing happens; at endsAt the round times up
          await clock.advance(endsAt - 1 - clock.now());
          await flush(hanaC, ...everyone);
          for (const [k, c] of everyone.entries()) expect(c.since(marks[k]!).map((r) => r.event)).not.toContain("round-timeup");
          await clock.advance(1);
          for (const c of everyone) expect(await c.waitFor("round-timeup")).toEqual({ roundNumber: n });
        }
        for (const c of everyone) expect(await c.waitFor("answer-processing-started")).toEqual({ roundNumber: n });

        const last = n === ROUNDS;
        for (const c of everyone) {
          const results = await c.waitFor("round-results");
          expect(results.round).toMatchObject({
            number: n,
            question: q.question,
            answer: q.answer,
            blueAnswer: typed(row.blue, "blue", n),
            redAnswer: typed(row.red, "red", n),
            blueSteal: row.blue === "steal",
            redSteal: row.red === "steal",
            bluePointsGained: row.gained.blue,
            redPointsGained: row.gained.red,
            winner: row.winner,
          });
          expect(results.scores).toEqual(row.scores);
          expect(results.gameComplete).toBe(last);
          expect(results.game).toMatchObject({ currentRoundNumber: n, totalRounds: ROUNDS });
          expect(results.game.rounds).toHaveLength(n);
          expect(results.game.rounds[n - 1]).toEqual(results.round);
        }

        // each transition exactly once, in order, for every player
        const expected = ["round-started", ...locking.flatMap(() => ["answer-locked", "team-answer-submitted"]), ...(timedOut ? ["round-timeup"] : []), "answer-processing-started", "round-results"];
        for (const [k, c] of everyone.entries()) {
          expect({ who: c.label, round: n, events: c.since(marks[k]!).map((r) => r.event).filter((e) => e !== "chat-message") }).toEqual({ who: c.label, round: n, events: expected });
        }
        before = row.scores;
      }

      // the summary: every round's points as the table says, and the game is over
      const final = everyone.map((c) => c.events("round-results").at(-1));
      for (const results of final) {
        expect(results.game.rounds.map((r: any) => [r.bluePointsGained, r.redPointsGained])).toEqual(SCRIPT.map((row) => [row.gained.blue, row.gained.red]));
        expect(results.scores).toEqual({ blue: 6, red: 4 });
      }
      expect((await call(app, "POST", "/api/lobby/startRound", { token: hana.token, body: {} })).status).toBe(409);

      // --- lobby-returned -------------------------------------------------------------------------
      await ok(app, "/api/lobby/returnToLobby", hana.token);
      for (const c of everyone) {
        const returned = await c.waitFor("lobby-returned");
        expect(returned).toMatchObject({ updateType: "lobby-returned", lobby: { code, gameState: null } });
        expect(names(returned.lobby.blueTeam)).toEqual(["Hana", "Bo"]);
      }

      // --- player-left and player-kicked --------------------------------------------------------------
      const zed = await joinLobby(app, code, "Zed");
      for (const c of everyone) await c.waitFor("player-joined", (p) => p.player?.id === zed.id);
      await ok(app, "/api/lobby/leave", zed.token);
      for (const c of everyone) {
        const left = await c.waitFor("player-left");
        expect(left).toMatchObject({ updateType: "player-left", playerId: zed.id, lobby: { code } });
        expect([...names(left.lobby.blueTeam), ...names(left.lobby.redTeam)]).not.toContain("Zed");
      }
      const kit = await joinLobby(app, code, "Kit");
      for (const c of everyone) await c.waitFor("player-joined", (p) => p.player?.id === kit.id);
      await ok(app, "/api/lobby/kickPlayer", hana.token, { playerId: kit.id });
      for (const c of everyone) {
        const kicked = await c.waitFor("player-kicked");
        expect(kicked).toMatchObject({ updateType: "player-kicked", playerId: kit.id, lobby: { code } });
        expect([...names(kicked.lobby.blueTeam), ...names(kicked.lobby.redTeam)]).not.toContain("Kit");
      }

      // --- lobby-ended: everyone is told, then disconnected ----------------------------------------
      await ok(app, "/api/lobby/end", hana.token);
      for (const c of everyone) {
        expect(await c.waitFor("lobby-ended")).toMatchObject({ lobbyCode: code });
        expect(await c.waitForDisconnect()).toBe("server disconnect");
      }
      expect(app.service.get(code)).toBeUndefined();
    });

    // docs/contract.md "Server events": lobby events carry { lobby, updateType }, lobby-ended included.
    test("lobby-ended carries { lobby, updateType } like the other lobby events", async () => {
      const { app, clients } = await start();
      const { code, ...seat } = await createLobby(app, "Hana");
      const hanaC = await clients.connect("Hana", seat.token);
      await ok(app, "/api/lobby/end", seat.token);
      expect(await hanaC.waitFor("lobby-ended")).toMatchObject({ updateType: "lobby-ended", lobby: { code } });
    });
  });
}
