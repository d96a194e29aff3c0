// What a registry of lobbies (service.ts) is made with, and what it hands each live lobby it makes
// (live-lobby.ts): every dependency given at construction, none wired in after.
import type { Command } from "../game/commands";
import type { Outcome } from "../game/outcome";
import { reduce, type Context } from "../game/reduce";
import { DEFAULT_HOST_GRACE_MS } from "../game/settings";
import { realClock, type Clock } from "./clock";
import type { LiveLobby } from "./live-lobby";
import { LoneWrites } from "./lone-writes";
import { nameKey } from "./name-key";
import type { OwnQuota } from "../game/own-question-rules";
import type { LobbyOwnership } from "./ownership";
import { silentBroadcaster, type AnswerJudge, type Broadcaster, type QuestionSource } from "./seams";
import type { LobbyStorePort } from "./store-port";

export const DEFAULT_IDLE_MS = 2 * 60 * 60 * 1000;
const NO_QUOTA: OwnQuota = { lobbyBytes: Number.POSITIVE_INFINITY, totalBytes: Number.POSITIVE_INFINITY };

export interface ServiceOptions {
  store: LobbyStorePort;
  /** where lobbies live: this process only, or a cluster's nodes */
  ownership: LobbyOwnership;
  /** who hears the lobbies' events: the realtime transport, or no one */
  broadcaster?: Broadcaster;
  questions: QuestionSource;
  judge: AnswerJudge;
  clock?: Clock;
  idleMs?: number;
  /** how long a disconnected host keeps the role (HOST_GRACE_S) */
  hostGraceMs?: number;
  /** the shortest round a host may set, in seconds (ROUND_LIMIT_MIN_S) */
  roundLimitMin?: number;
  /** lobbies open at once (MAX_LOBBIES) */
  maxLobbies?: number;
  /** what a lobby's own questions may take (OWN_QUESTIONS_LOBBY_BYTES, OWN_QUESTIONS_TOTAL_BYTES) */
  ownQuota?: OwnQuota;
  newId?: () => string;
  newCode?: () => string;
  log?: (line: string) => void;
  /** the rules; a seam so tests can make one throw, as a bug would (docs/architecture.md "The fault boundary") */
  reduce?: typeof reduce;
  /** how long the server was down before this start: open rounds get it back (downtime.ts) */
  downtimeMs?: number;
}

/** What every live lobby of a registry shares, given by the registry when it makes one. */
export interface LobbyDeps {
  store: LobbyStorePort;
  broadcaster: Broadcaster;
  clock: Clock;
  judge: AnswerJudge;
  questions: QuestionSource;
  log: (line: string) => void;
  /** the rules; a seam so tests can make one throw, as a bug would (docs/architecture.md "The fault boundary") */
  reduce: typeof reduce;
  idleMs: number;
  /** how long a disconnected host keeps the role (HOST_GRACE_S) */
  hostGraceMs: number;
  ownQuota: OwnQuota;
  /** One context for every command, its time set before each: the rules read it and keep nothing of it. */
  context: Context;
  /** changes no one waits on, and the count of everything waiting on the store */
  writes: LoneWrites;
  /** Moves every lobby's deadlines if the wall clock was set since the last look. */
  reanchor(): void;
  /** A command of the lobby's own (a timer's, the judge's), sent as any other is: through the registry. */
  dispatch(code: string, command: Command): Outcome | Promise<Outcome>;
  /** The lobby is no longer here (it closed, was set aside, or moved): the registry forgets it. */
  forget(lobby: LiveLobby): void;
}

/** Every live lobby's dependencies: the options', with their defaults, and the registry's own hooks. */
export function lobbyDeps(opts: ServiceOptions, registry: Pick<LobbyDeps, "reanchor" | "dispatch" | "forget">): LobbyDeps {
  const log = opts.log ?? ((line: string) => console.log(line));
  const hostGraceMs = opts.hostGraceMs ?? DEFAULT_HOST_GRACE_MS;
  return {
    store: opts.store,
    broadcaster: opts.broadcaster ?? silentBroadcaster,
    clock: opts.clock ?? realClock,
    judge: opts.judge,
    questions: opts.questions,
    log,
    reduce: opts.reduce ?? reduce,
    idleMs: opts.idleMs ?? DEFAULT_IDLE_MS,
    ownQuota: opts.ownQuota ?? NO_QUOTA,
    hostGraceMs,
    context: { now: 0, hostGraceMs, roundLimitMin: opts.roundLimitMin, nameKey },
    writes: new LoneWrites(opts.store, log),
    ...registry,
  };
}
