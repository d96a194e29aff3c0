// One lobby's fault stays in that lobby (docs/decisions.md "One lobby's fault stays in that lobby"): a rule or
// effect that throws is logged with the lobby's code and what was running, the command is refused as
// unavailable and the lobby keeps its last saved state. A lobby that keeps throwing is ended and set
// aside, so the next start does not bring the same fault back.
import { refuse, type Refusal } from "../game/commands";

/** Faults in a row (no command of the lobby succeeding in between) after which the lobby is ended. */
export const FAULT_LIMIT = 3;

export const FAULT_MESSAGE = "Something went wrong in this lobby; nothing changed, try again shortly";
export const FAULT_CLOSE_REASON = "This lobby ran into an error and was closed; its players can start a new one";

/**
 * The refusal a fault becomes. One object, so the service tells it apart from a full disk (which is
 * tried again until the disk takes writes) by identity.
 */
export const LOBBY_FAULT: Refusal = Object.freeze(refuse("unavailable", FAULT_MESSAGE));

/** One log line with everything needed to find the bug: the lobby, what ran, and the stack. */
export function faultLine(code: string, what: string, err: unknown): string {
  const detail = err instanceof Error ? (err.stack ?? `${err.name}: ${err.message}`) : String(err);
  return `fault: lobby ${code}: ${what} threw; the lobby keeps its last saved state: ${detail}`;
}
