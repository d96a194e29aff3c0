// The real system a model-based test drives: one LobbyService with one lobby and its own fake
// clock, on a store (a temp file) that the runs share and each run leaves empty; a question pool
// that honours `exclude` and can be held like a slow AI; and a judge whose verdicts land only when
// the test releases them, so commands can arrive while a round is being judged.
import type { Command } from "../../../src/game/commands";
import type { Outcome } from "../../../src/game/outcome";
import { reduce } from "../../../src/game/reduce";
import type { Audience } from "../../../src/game/effects";
import type { LobbyState, Question, Team } from "../../../src/game/types";
import type { AnswerJudge, Broadcaster, QuestionSource } from "../../../src/lobbies/seams";
import { LocalOwnership } from "../../../src/lobbies/ownership";
import { LobbyService } from "../../../src/lobbies/service";
import { LobbyStore } from "../../../src/lobbies/store";
import { FakeClock } from "../fake-clock";
import { settle, settling } from "../settle";

export const POOL_SIZE = 60;
export const poolQuestion = (n: number): Question => ({ question: `Pool question ${n}?`, answer: `Answer${n}`, aliases: [], category: "General" });

/**
 * A bank of POOL_SIZE questions; a game gets the first unasked ones, so a long run can exhaust it.
 * `failNext` makes the next pick throw; `holdNext` makes it wait for release(), like a slow AI.
 */
export class PoolQuestions implements QuestionSource {
  failNext = false;
  holdNext = false;
  private held: (() => void)[] = [];
  async pick({ count, exclude }: { tags: string[]; count: number; exclude: string[] }): Promise<Question[]> {
    const fail = this.failNext;
    const hold = this.holdNext;
    this.failNext = this.holdNext = false;
    if (hold) await new Promise<void>((resolve) => this.held.push(resolve));
    if (fail) throw new Error("question source is down");
    const asked = new Set(exclude);
    return Array.from({ length: POOL_SIZE }, (_, i) => poolQuestion(i + 1))
      .filter((q) => !asked.has(q.question))
      .slice(0, count);
  }
  get waiting(): number {
    return this.held.length;
  }
  release(): void {
    for (const go of this.held.splice(0)) go();
  }
}

/** Right iff the given text is exactly the question's answer; each verdict waits for release(). */
export class GatedJudge implements AnswerJudge {
  private pending: (() => void)[] = [];
  calls = 0;
  judge(question: Question, given: string): Promise<boolean> {
    this.calls++;
    return new Promise((resolve) => this.pending.push(() => resolve(given === question.answer)));
  }
  get waiting(): number {
    return this.pending.length;
  }
  /** Lets the oldest `count` verdicts (all by default) land. */
  release(count = Infinity): void {
    const now = this.pending.splice(0, Math.min(count, this.pending.length));
    for (const go of now) go();
  }
}

export { settle };

/** Remembers when the lobby last had activity and anything the timers did wrong. */
export class WatchingBroadcaster implements Broadcaster {
  lastActivity: number;
  closed = 0;
  endedAt: number | null = null;
  events = new Map<string, number>();
  constructor(
    private readonly clock: FakeClock,
    private readonly look: () => LobbyState | undefined,
    readonly violations: string[],
  ) {
    this.lastActivity = clock.now();
  }
  emit(_code: string, _to: Audience, event: string, payload: unknown): void {
    this.events.set(event, (this.events.get(event) ?? 0) + 1);
    if (event === "lobby-ended") this.endedAt = this.clock.now();
    else this.lastActivity = this.clock.now();
    if (event === "round-timeup") {
      const round = this.look()?.game?.currentRound;
      const { roundNumber } = payload as { roundNumber: number };
      if (!round || round.number !== roundNumber) this.violations.push(`round-timeup for round ${roundNumber} but the current round is ${round?.number}`);
      else if (this.clock.now() !== round.endsAt) this.violations.push(`round ${roundNumber} timed up at ${this.clock.now()}, not at endsAt ${round.endsAt}`);
    }
  }
  seat(_code: string, _playerId: string, _team: Team | null): void {}
  close(): void {
    this.closed++;
  }
  moved(): void {
    this.violations.push("a lobby moved away, with no other server to move to");
  }
}

export const IDLE_MS = 30 * 60_000;

export interface Real {
  service: LobbyService;
  clock: FakeClock;
  store: LobbyStore;
  judge: GatedJudge;
  source: PoolQuestions;
  out: WatchingBroadcaster;
  /** broken promises seen from the inside: a refused command that changed the state, a misfired timer */
  violations: string[];
  /** every outcome, including those of commands the timers and the judge send */
  outcomes: Map<string, number>;
  /** startGame calls still waiting for their questions */
  starts: Promise<unknown>[];
  code: string;
  dispose(): Promise<void>;
}

/** A fresh service (so timer counts are this lobby's) on a shared store that holds no lobby yet. */
export async function bootReal(store: LobbyStore, hostName = "Host"): Promise<Real> {
  if ((await store.loadAll()).length) throw new Error("the store still holds a lobby from an earlier run");
  const clock = new FakeClock();
  const judge = new GatedJudge();
  const source = new PoolQuestions();
  let ids = 0;
  // The state each command is reduced on, as it was then: commands queue, so that is not always the
  // state when it was sent (two slow starts landing together, a timer's command in flight).
  // `at` counts the commands reduced: a refusal answered later is checked against the live state
  // only if no command was reduced after it (one the store took since may rightly have replaced it).
  const seen = new WeakMap<Command, { state: LobbyState; copy: LobbyState; at: number }>();
  let reduced = 0;
  const seeing: typeof reduce = (state, command, ctx) => {
    seen.set(command, { state, copy: structuredClone(state), at: ++reduced });
    return reduce(state, command, ctx);
  };
  // The one lobby's code, known once it is created (the broadcaster is given to the service first).
  const code = "WXYZ";
  const violations: string[] = [];
  const outcomes = new Map<string, number>();
  const out = new WatchingBroadcaster(clock, () => service.get(code), violations);
  const service = settling(await LobbyService.open({ store, ownership: new LocalOwnership(store), broadcaster: out, clock, judge, questions: source, idleMs: IDLE_MS, newId: () => `h${++ids}`, newCode: () => code, log: () => {}, reduce: seeing }));
  const created = await service.create(hostName);
  if (!created.ok) throw new Error(created.message);
  // Every dispatch, the service's own (timeUp, judged, a slow startGame) included: a refusal must
  // leave the very same state object, unchanged. One answered at once is checked at once.
  const dispatch = service.dispatch.bind(service);
  const check = (raw: string, command: Command, outcome: Outcome): Outcome => {
    const { state: live, copy: before, at } = seen.get(command) ?? {};
    const key = `${command.type} ${outcome.ok ? "ok" : `${outcome.kind} ${outcome.message}`}`;
    outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    if (!outcome.ok && ((at === reduced && service.get(raw) !== live) || !Bun.deepEquals(live, before))) violations.push(`refused ${command.type} changed the state`);
    return outcome;
  };
  service.dispatch = (raw, command) => {
    const outcome = dispatch(raw, command);
    return outcome instanceof Promise ? outcome.then((later) => check(raw, command, later)) : check(raw, command, outcome);
  };
  const starts: Promise<unknown>[] = [];
  return {
    service,
    clock,
    store,
    judge,
    source,
    out,
    violations,
    outcomes,
    starts,
    code,
    async dispose() {
      // Verdicts and questions still out would land in the next run's store: let them land first.
      judge.release();
      source.release();
      await Promise.all(starts);
      await settle();
      service.shutdown();
      await store.commit({ kind: "remove", code });
    },
  };
}
