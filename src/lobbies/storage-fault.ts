// A write the disk refused (full, read-only, failing): the command that needed it is refused as
// unavailable (HTTP 503) and nothing changes, so memory never runs ahead of what a restart would load.
import { refuse, type Refusal } from "../game/commands";

export const STORAGE_FAULT_MESSAGE = "The server could not save this (its disk is full or read-only); nothing changed, try again shortly";

/** Runs the write; a throw becomes an unavailable refusal and one log line, anything else its result. */
export function durably<T>(write: () => T, log: (line: string) => void, what: string): T | Refusal {
  try {
    return write();
  } catch (err) {
    log(`storage: ${what} failed, refused: ${String(err)}`);
    return refuse("unavailable", STORAGE_FAULT_MESSAGE);
  }
}

export const isStorageFault = (value: unknown): value is Refusal =>
  typeof value === "object" && value !== null && (value as Refusal).ok === false && (value as Refusal).kind === "unavailable";
