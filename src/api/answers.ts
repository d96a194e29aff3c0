// What each REST call answers when it succeeds (a refusal is always { success: false, message }).
// Routes declare these as their `response`, so Elysia checks the envelope on the way out and the
// handlers cannot drift from it; the islands import the types only (`import type`), so zod never
// reaches the browser. The lobby view, settings and a question are the rules' own types, computed by
// one function each: they are carried here as types and not checked again on every answer.
import { z } from "zod";
import type { OwnQuestionView } from "../ai/tag-sources";
import type { Question, Settings } from "../game/types";
import type { LobbyView } from "../game/views";

const success = z.literal(true);
const lobby = z.custom<LobbyView>();
const added = z.object({ success, added: z.number().int(), total: z.number().int() });

export const answers = {
  /** a call that only says it was done */
  done: z.object({ success, message: z.string() }),
  /** create and join: the player's session token and the lobby */
  seated: z.object({ success, message: z.string(), token: z.string(), lobby }),
  lobby: z.object({ success, data: lobby }),
  lobbyChanged: z.object({ success, message: z.string(), lobby }),
  settings: z.object({ success, message: z.string(), settings: z.custom<Settings>() }),
  locked: z.object({ success, locked: z.boolean() }),
  roundStarted: z.object({ success, roundNumber: z.number().int(), endsAt: z.number() }),
  paused: z.object({ success, paused: z.boolean() }),
  /** a skipped question or more time: the open round and its deadline now (the time-added event says how much was added) */
  roundClock: z.object({ success, roundNumber: z.number().int(), endsAt: z.number() }),
  questions: z.object({ success, questions: z.array(z.custom<OwnQuestionView>()), bank: z.array(z.string()), ai: z.boolean() }),
  added,
  imported: added.extend({ read: z.number().int() }),
  question: z.object({ success, question: z.custom<Question>() }),
  removed: z.object({ success, total: z.number().int() }),
};

export type Answers = { [K in keyof typeof answers]: z.infer<(typeof answers)[K]> };

/** A question the server refused in a batch (counted from 1), and the file line it starts on. */
export interface RowError {
  row: number;
  line?: number;
  message: string;
}

/** What every refused call answers (with its HTTP status); a refused batch lists its bad rows. */
export interface RefusalAnswer {
  success: false;
  message: string;
  errors?: RowError[];
  /** a join's name is a seat nobody has used for a while: the name, for the page to offer it back */
  takeBack?: string;
}
