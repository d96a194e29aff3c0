// The one definition of the game's data: a lobby as the rules keep it and the store loads it, its
// settings, a question, a chat line. The types in types.ts are inferred from these, so a field is
// written once. Server-side only: the islands import types.ts, whose imports of this file are types,
// so zod never reaches a phone. A field added to a stored shape needs a `.default()` (or to be
// optional) here, or every lobby saved before it would fail to load (docs/architecture.md "Add a setting").
import { z } from "zod";
import { CODE_PATTERN, DEFAULT_SETTINGS, normalizeCode, TAG_MAX } from "./settings";
import { MODES, TEAMS } from "./types";
import { bracketSchema } from "./tournament/bracket-schema";

/** A tournament's bracket as the game keeps it: its rounds, and the entrants' names as drawn (someone may leave). */
const keptBracketSchema = bracketSchema.extend({ names: z.record(z.string(), z.string()) });

export const teamSchema = z.enum(TEAMS);

/** How a lobby plays (docs/rules.md "Modes"); absent in lobbies saved before there were modes: teams. */
export const modeSchema = z.enum(MODES);

/** A lobby code as people type it: four letters or digits, any case; read as kept (upper case). */
export const codeSchema = z.string().trim().regex(CODE_PATTERN, "Code must be 4 letters or digits").transform(normalizeCode);

/**
 * A page's code, whatever its path held: a page for a code that names no lobby still renders (its
 * script sends the visitor on), so nothing is refused here; the code is read as kept, and bounded.
 * Read in the handler, not as the route's params schema, which would answer a path Elysia cannot
 * decode ("/lobby/%") with a JSON 400 instead of a page.
 */
export const pageCodeSchema = z
  .string()
  .catch("")
  .transform((c) => normalizeCode(c).slice(0, 8));

export const playerSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** null: the host sitting out of both teams as quizmaster (quizmaster-rules.ts); no one else ever is */
  team: teamSchema.nullable(),
  isCaptain: z.boolean(),
  isHost: z.boolean(),
  connected: z.boolean(),
  /** joined while this round was open: watches it, plays from the next (entry-rules.ts) */
  sitsOutRound: z.number().int().optional(),
  /** when a latecomer joined: their team's chat from before is not theirs to read */
  joinedAt: z.number().optional(),
  /** since when every connection of this seat has been gone (set on joining, before any connection) */
  awaySince: z.number().optional(),
  /** the device that took this seat back (entry-rules.ts takeBack): only its token seats the player */
  device: z.string().optional(),
});

/** As the rules keep them; what a host may send is `settingsInputSchema`. */
export const settingsSchema = z.object({
  rounds: z.number().int().default(DEFAULT_SETTINGS.rounds),
  /** seconds */
  roundLimit: z.number().default(DEFAULT_SETTINGS.roundLimit),
  tags: z.array(z.string()).default([...DEFAULT_SETTINGS.tags]),
});

/**
 * A number, or text that reads as one (a form field's value): coerced here at the edge, so a command
 * carries numbers; the rules clamp them, and what is not a number (NaN) becomes the minimum.
 */
const numberish = z.union([z.number(), z.string().max(10)]).transform((v) => (typeof v === "number" ? v : Number.parseInt(v, 10)));

/** What a host may send as settings: any of them, as numbers or numeric text, tags as a list. */
export const settingsInputSchema = z.object({
  rounds: numberish.optional(),
  roundLimit: numberish.optional(),
  // Generous: the rules trim, drop and cut tags to their limits; this only bounds the body.
  tags: z.array(z.string().max(TAG_MAX * 4)).max(50).optional(),
});

/** A question's shape, wherever it comes from; the limits of one that enters the game are `questionInputSchema`'s. */
export const questionSchema = z.object({ category: z.string(), question: z.string(), answer: z.string(), aliases: z.array(z.string()) });

/**
 * One line of text as it is kept and shown: well-formed (JSON can carry a lone surrogate, which
 * would break the page that shows it), runs of white space made one space, trimmed, then bounded.
 */
const text = (label: string, min: number, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is missing` : `${label} must be text`) })
    .transform((s) => s.toWellFormed().replace(/\s+/g, " ").trim())
    .pipe(z.string().min(min, min === 1 ? `${label} is blank` : `${label} must be at least ${min} characters`).max(max, `${label} must be at most ${max} characters`));

/** A question's limits, one set wherever it comes from: the bank, a pack, a lobby's own, the AI. */
export const QUESTION_LIMITS = { category: 40, questionMin: 5, question: 300, answer: 60, aliases: 20 } as const;
/** An answer players can type on a phone: what the bank's answers hold to, and what the AI is held to. */
export const TYPEABLE_ANSWER = { chars: 30, words: 4 } as const;

/** A question of the bank, of a pack, of a lobby's own or of the AI, as it comes in: the same fields and limits for all. */
export const questionInputSchema = z.object(
  {
    category: text("Category", 1, QUESTION_LIMITS.category),
    question: text("Question", QUESTION_LIMITS.questionMin, QUESTION_LIMITS.question),
    answer: text("Answer", 1, QUESTION_LIMITS.answer),
    aliases: z
      .array(text("An accepted answer", 1, QUESTION_LIMITS.answer), { error: "Accepted answers must be a list" })
      .max(QUESTION_LIMITS.aliases, `At most ${QUESTION_LIMITS.aliases} accepted answers`)
      .default([]),
  },
  { error: "A question must be an object with category, question and answer" },
) satisfies z.ZodType<z.infer<typeof questionSchema>, unknown>;

/**
 * A lock: who locked it, what, and (docs/rules.md "Who locked what") the locker's name as it was and
 * how many ms after the question appeared; both absent in locks saved before they were recorded.
 */
const lockSchema = z.object({ playerId: z.string(), answer: z.string(), isSteal: z.boolean(), name: z.string().optional(), ms: z.number().optional() });

/** Who locked a team's play in a judged round, named as they were then (they may have left since). */
export const lockerSchema = z.object({ playerId: z.string(), name: z.string(), ms: z.number().optional() });

/** What one team did in a round and what it earned. */
const teamPlaySchema = z.object({
  /** the typed answer; null for a steal or no answer */
  answer: z.string().nullable(),
  steal: z.boolean(),
  /** verdict on a typed answer; null for a steal or no answer */
  correct: z.boolean().nullable(),
  points: z.number(),
  /** the host overruled the verdict (a second ruling undoes it) */
  overruled: z.boolean(),
  /** who locked it; null when nobody did, absent in rounds saved before it was recorded */
  lockedBy: lockerSchema.nullable().optional(),
});

export const winnerSchema = z.enum([...TEAMS, "tie"]);

/** Who plays whom in a round (docs/rules.md "Duels"): two sides by id; `b` null is a bye (no opponent). */
export const pairingSchema = z.object({ a: z.string(), b: z.string().nullable() });

/** One player's side of a judged duel: their play, scored by the Teams table within the pair. */
export const sidePlaySchema = teamPlaySchema.extend({ playerId: z.string(), name: z.string() });

/** A judged pairing: both sides' plays (`b` null on a bye). */
export const duelResultSchema = z.object({ a: sidePlaySchema, b: sidePlaySchema.nullable() });

/** A judged round as the rules keep it: each team's play under its own key. Clients see it flattened (views.ts, RoundView). */
export const roundResultSchema = z.object({
  number: z.number().int(),
  question: z.string(),
  category: z.string(),
  /** the correct answer */
  answer: z.string(),
  plays: z.object({ blue: teamPlaySchema, red: teamPlaySchema }),
  winner: winnerSchema,
  /** a paired round (Duels): every pairing's plays; the team plays are then empty (no team played) */
  duels: z.array(duelResultSchema).optional(),
});

export const phaseSchema = z.enum(["idle", "question", "judging", "results", "complete"]);

const scoresSchema = z.object({ blue: z.number(), red: z.number() });

export const currentRoundSchema = z.object({
  number: z.number().int(),
  question: questionSchema,
  /** when the question appeared (absent in rounds saved before it was kept) */
  startedAt: z.number().optional(),
  endsAt: z.number(),
  locks: z.object({ blue: lockSchema.optional(), red: lockSchema.optional() }),
  /** a paired round (Duels): who plays whom, and each player's lock by their id */
  pairs: z.array(pairingSchema).optional(),
  playerLocks: z.record(z.string(), lockSchema).optional(),
  /** the question's playing time in all, ms: its limit and the time the host added (host-controls.ts; absent in older saves: the round limit) */
  allowedMs: z.number().optional(),
  /** how many times the host skipped this round's question (host-controls.ts): a lock names the one it answers */
  skips: z.number().int().optional(),
});

export const gameStateSchema = z.object({
  phase: phaseSchema,
  currentRoundNumber: z.number().int(),
  totalRounds: z.number().int(),
  questions: z.array(questionSchema),
  currentRound: currentRoundSchema.nullable(),
  rounds: z.array(roundResultSchema),
  scores: scoresSchema,
  /** when the game started, for its results' header (absent in games saved before it was kept) */
  startedAt: z.number().optional(),
  /** Duels: the circle the pairings turn (duels/pairing.ts): its players in order, and the round it began with */
  circle: z.object({ roster: z.array(z.string()), from: z.number().int() }).optional(),
  /** Tournament: the bracket (tournament/tournament-rules.ts), and as it was before the last judged question (for its overrule) */
  bracket: keptBracketSchema.optional(),
  bracketBefore: keptBracketSchema.optional(),
  /** since when the host has paused the game (host-controls.ts); null or absent while it runs */
  pausedAt: z.number().nullable().optional(),
});

export const chatMessageSchema = z.object({
  message: z.string(),
  playerId: z.string(),
  playerName: z.string(),
  /** the sender's team; null for the quizmaster (room chat only) */
  team: teamSchema.nullable(),
  chatType: z.enum(["team", "game"]),
  timestamp: z.number(),
});

export const lobbyStateSchema = z.object({
  code: z.string(),
  hostId: z.string(),
  /** in joining order; each team's list is derived from it */
  players: z.array(playerSchema),
  /** ids whose tokens must never work here again (kicked or left) */
  barred: z.array(z.string()),
  /** the barred ids the host kicked, so a token of theirs is told why (absent in older saves: none) */
  kicked: z.array(z.string()).optional(),
  settings: settingsSchema,
  game: gameStateSchema.nullable(),
  /** questions already asked in this lobby, so no game repeats one */
  asked: z.array(z.string()),
  chat: z.array(chatMessageSchema),
  createdAt: z.number(),
  /** the host let no one new in (absent in older saves: open) */
  locked: z.boolean().optional(),
  /** absent: teams (lobbies saved before there were modes) */
  mode: modeSchema.optional(),
  /** since when the host has been disconnected; null or absent while connected (older saves lack it) */
  hostAwaySince: z.number().nullable().optional(),
  /** when the away host's role passes on unless they are back (host-rules.ts); null or absent while they are here */
  hostHandoffAt: z.number().nullable().optional(),
});

/** A lobby's row in the store: the state without its chat, which is stored as rows of its own. */
export const storedLobbySchema = lobbyStateSchema.omit({ chat: true });
