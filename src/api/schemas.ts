// Every REST input (bodies, path and query parameters), validated. Limits here mirror the rules so
// a bad body is a 400, not a crash.
import { z } from "zod";
import { ADD_TIME_MAX_S, ADD_TIME_MIN_S } from "../game/host-controls";
import { codeSchema, modeSchema, questionInputSchema, settingsInputSchema, teamSchema } from "../game/schemas";
import { ANSWER_MAX, NAME_MAX, OWN_QUESTIONS_MAX } from "../game/settings";

const name = z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`);
const code = codeSchema;
const team = teamSchema;

/** `mode`: how the lobby plays (docs/rules.md "Modes"); absent: teams. */
export const createBody = z.object({ playerName: name, mode: modeSchema.default("teams") });
/** `takeBack`: the caller confirmed that the name's free seat is theirs (docs/rules.md "Taking a seat back"). */
export const joinBody = z.object({ playerName: name, code, takeBack: z.boolean().optional() });
/** The invite page's form (src/pages/join-form.ts): the same fields as posted by a browser, as text. */
export const joinFormBody = z.object({ playerName: name, code, takeBack: z.literal("1").optional().transform(Boolean) });
export const teamSelectBody = z.object({ team, isCaptain: z.boolean().default(false) });
export const settingsBody = z.object({ settings: settingsInputSchema });
/** kickPlayer and transferHost: the player acted on */
export const playerBody = z.object({ playerId: z.string().min(1).max(64) });
export const codeBody = z.object({ code: code.optional() });
/** `roundNumber` is optional: a call without it starts the next round (docs/rules.md "Rounds"). */
export const startRoundBody = codeBody.extend({ roundNumber: z.number().int().min(1).max(100).optional() });
export const lockBody = z.object({ locked: z.boolean({ error: "locked must be true or false" }) });
export const submitBody = z.object({
  code: code.optional(),
  isSteal: z.boolean(),
  answer: z.string().max(ANSWER_MAX * 2).default(""),
  playerId: z.string().min(1).max(64).optional(),
  team: team.optional(),
  /** a Tournament's bracket match (its index in the current bracket round): refused unless the player's own */
  match: z.number().int().min(0).max(15).optional(),
  roundNumber: z.number().int().min(1).max(100),
  /** the round's skips as the page saw it (docs/contract.md "The host's game controls") */
  skips: z.number().int().min(0).max(1000).optional(),
});
/** `team` in Teams, `playerId` in a Duel: whose typed answer the host rules on (the rules refuse the wrong one for the mode). */
export const overruleBody = z
  .object({ roundNumber: z.number().int().min(1).max(100), team: team.optional(), playerId: z.string().min(1).max(64).optional(), correct: z.boolean() })
  .refine((b) => (b.team === undefined) !== (b.playerId === undefined), { message: "Name a team or a player, one of them" });
/** The host's hand on the clock (docs/contract.md "The host's game controls"); the rules check the same limits. */
export const pauseBody = z.object({ paused: z.boolean({ error: "paused must be true or false" }) });
const roundNumber = z.number({ error: "roundNumber must be a number" }).int().min(1).max(100);
export const skipQuestionBody = z.object({ roundNumber });
export const addTimeBody = z.object({
  roundNumber,
  seconds: z
    .number({ error: "seconds must be a number" })
    .int("seconds must be whole")
    .min(ADD_TIME_MIN_S, `Add ${ADD_TIME_MIN_S} to ${ADD_TIME_MAX_S} seconds`)
    .max(ADD_TIME_MAX_S, `Add ${ADD_TIME_MIN_S} to ${ADD_TIME_MAX_S} seconds`),
});

/** A lobby's own question: the bank's fields and limits, and no `|` in an accepted answer, since a CSV export separates them with it. */
export const ownQuestion = questionInputSchema.refine((q) => q.aliases.every((a) => !a.includes("|")), { message: "An accepted answer cannot contain |", path: ["aliases"] });
/** Each row is checked on its own afterwards, so every bad row can be named. */
export const questionsBody = z.object({
  questions: z
    .array(z.unknown(), { error: "questions must be a list" })
    .min(1, "There are no questions to add")
    .max(OWN_QUESTIONS_MAX, `A lobby holds at most ${OWN_QUESTIONS_MAX} questions`),
});
export const codeParams = z.object({ code });
export const questionParams = z.object({ id: z.string().regex(/^[1-9]\d{0,14}$/, "Question id must be a number").transform(Number) });
/** A file of questions as the host's page read it: its name (which says CSV or JSON) and its text. */
export const importBody = z.object({ name: z.string().max(255).default(""), text: z.string().min(1, "The file is empty") });
export const exportQuery = z.object({ format: z.enum(["csv", "json"], { error: "format must be csv or json" }) });
