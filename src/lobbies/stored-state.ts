// The shape a stored lobby must have to be loaded (src/game/types.ts, LobbyState), checked with zod
// on every load: a row written by another version, or damaged on disk, is refused whole instead of
// crashing the rules later or loading half. Unknown keys are dropped, as a newer field would be.
import { z } from "zod";
import type { ChatMessage, LobbyState } from "../game/types";

const team = z.enum(["blue", "red"]);
const question = z.object({ question: z.string(), answer: z.string(), aliases: z.array(z.string()), category: z.string() });

const player = z.object({ id: z.string(), name: z.string(), team, isCaptain: z.boolean(), isHost: z.boolean(), connected: z.boolean(), sitsOutRound: z.number().int().optional(), joinedAt: z.number().optional() });

const lock = z.object({ playerId: z.string(), answer: z.string(), isSteal: z.boolean() });

const teamPlay = z.object({ answer: z.string().nullable(), steal: z.boolean(), correct: z.boolean().nullable(), points: z.number(), overruled: z.boolean() });

const roundResult = z.object({
  number: z.number().int(),
  question: z.string(),
  category: z.string(),
  answer: z.string(),
  plays: z.object({ blue: teamPlay, red: teamPlay }),
  winner: z.enum(["blue", "red", "tie"]),
});

const game = z.object({
  phase: z.enum(["idle", "question", "judging", "results", "complete"]),
  currentRoundNumber: z.number().int(),
  totalRounds: z.number().int(),
  questions: z.array(question),
  currentRound: z.object({ number: z.number().int(), question, endsAt: z.number(), locks: z.object({ blue: lock.optional(), red: lock.optional() }) }).nullable(),
  rounds: z.array(roundResult),
  scores: z.object({ blue: z.number(), red: z.number() }),
});

/** A lobby's row: the state without its chat, which is stored as rows of its own. */
const storedLobby = z.object({
  code: z.string(),
  hostId: z.string(),
  players: z.array(player),
  barred: z.array(z.string()),
  settings: z.object({ rounds: z.number().int(), roundLimit: z.number(), tags: z.array(z.string()) }),
  game: game.nullable(),
  asked: z.array(z.string()),
  createdAt: z.number(),
  hostAwaySince: z.number().nullable().optional(),
  locked: z.boolean().optional(),
});

const chatMessage = z.object({ message: z.string(), playerId: z.string(), playerName: z.string(), team, chatType: z.enum(["team", "game"]), timestamp: z.number() });

export type StoredRow = Omit<LobbyState, "chat">;

/** The row's state, or why it cannot be loaded. */
export function parseStoredLobby(json: string): { ok: true; value: StoredRow } | { ok: false; reason: string } {
  return parse(json, storedLobby);
}

export function parseChatLine(json: string): { ok: true; value: ChatMessage } | { ok: false; reason: string } {
  return parse(json, chatMessage);
}

function parse<T>(json: string, schema: z.ZodType<T>): { ok: true; value: T } | { ok: false; reason: string } {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { ok: false, reason: "not JSON" };
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, reason: issue ? `${issue.path.join(".") || "row"}: ${issue.message}` : "invalid" };
}
