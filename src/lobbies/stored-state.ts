// The shape a stored lobby must have to be loaded (src/game/schemas.ts, the rules' own), checked
// on every load: a row written by another version, or damaged on disk, is refused whole instead of
// crashing the rules later or loading half. Unknown keys are dropped, as a newer field would be.
import type { z } from "zod";
import { chatMessageSchema, storedLobbySchema } from "../game/schemas";
import type { ChatMessage, LobbyState } from "../game/types";

export type StoredRow = Omit<LobbyState, "chat">;

/** The row's state, or why it cannot be loaded. */
export function parseStoredLobby(json: string): { ok: true; value: StoredRow } | { ok: false; reason: string } {
  return parse(json, storedLobbySchema);
}

export function parseChatLine(json: string): { ok: true; value: ChatMessage } | { ok: false; reason: string } {
  return parse(json, chatMessageSchema);
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
