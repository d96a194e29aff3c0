// The lobby service's test doubles: a broadcaster that records, questions from the builders, a
// judge that records, and a ready game of four. Shared by the service's tests.
import type { Command } from "../../src/game/commands";
import type { Audience } from "../../src/game/effects";
import type { Question, Team } from "../../src/game/types";
import type { AnswerJudge, Broadcaster, QuestionSource } from "../../src/lobbies/seams";
import { LocalOwnership, type SavedLobbies } from "../../src/lobbies/ownership";
import { LobbyService, type ServiceOptions } from "../../src/lobbies/service";
import type { LobbyStorePort } from "../../src/lobbies/store-port";
import { accepted, questions } from "./builders";
import { settling } from "./settle";
import type { FakeClock } from "./fake-clock";

export class RecordingBroadcaster implements Broadcaster {
  sent: { code: string; to: Audience; event: string; payload: unknown }[] = [];
  seats: { code: string; playerId: string; team: Team | null }[] = [];
  closed: string[] = [];
  movedAway: string[] = [];
  emit(code: string, to: Audience, event: string, payload: unknown) {
    this.sent.push({ code, to, event, payload });
  }
  seat(code: string, playerId: string, team: Team | null) {
    this.seats.push({ code, playerId, team });
  }
  close(code: string) {
    this.closed.push(code);
  }
  moved(code: string) {
    this.movedAway.push(code);
  }
  events(event: string) {
    return this.sent.filter((s) => s.event === event);
  }
}

export class FakeQuestions implements QuestionSource {
  async pick({ count, exclude }: { tags: string[]; count: number; exclude: string[] }): Promise<Question[]> {
    return questions(count + exclude.length)
      .filter((q) => !exclude.includes(q.question))
      .slice(0, count);
  }
}

/** Records every call; right when the given text is the question's answer. */
export class FakeJudge implements AnswerJudge {
  calls: { question: Question; given: string }[] = [];
  async judge(q: Question, given: string): Promise<boolean> {
    this.calls.push({ question: q, given });
    return given === q.answer;
  }
}

export { settle } from "./settle";

/** A service on this store with fixed ids and code, and a recording broadcaster. */
export async function serviceOn(
  store: LobbyStorePort & SavedLobbies,
  clock: FakeClock,
  { judge = new FakeJudge() as AnswerJudge, idleMs, hostGraceMs, log = () => {}, reduce, newCode = () => "WXYZ" }: { judge?: AnswerJudge; idleMs?: number; hostGraceMs?: number; log?: (line: string) => void; reduce?: ServiceOptions["reduce"]; newCode?: () => string } = {},
) {
  let ids = 0;
  const out = new RecordingBroadcaster();
  const service = settling(await LobbyService.open({ store, ownership: new LocalOwnership(store), broadcaster: out, clock, judge, idleMs, hostGraceMs, questions: new FakeQuestions(), newId: () => `id${++ids}`, newCode, log, reduce }));
  return { service, out };
}

export const BLUE = "host-id";
export const RED = "bea";

/** A lobby of four (host and cy on blue, bea and dee on red) with both captains and a started game. */
export async function readyGame(service: LobbyService, { rounds = 3, roundLimit = 15 } = {}) {
  const created = await service.create("Host");
  if (!created.ok) throw new Error(created.message);
  const code = created.state.code;
  const host = created.playerId;
  for (const [playerId, name] of [["bea", "Bea"], ["cy", "Cy"], ["dee", "Dee"]] as const) accepted(await service.dispatch(code, { type: "join", playerId, name }));
  accepted(await service.dispatch(code, { type: "updateSettings", by: host, settings: { rounds, roundLimit } }));
  accepted(await service.startGame(code, host));
  return { code, host };
}

export const submit = (playerId: string, team: Team, roundNumber: number, answer: string, isSteal = false): Command => ({ type: "submit", playerId, team, roundNumber, answer, isSteal });
