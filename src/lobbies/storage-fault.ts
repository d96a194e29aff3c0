// A write the store refused (a full or read-only disk, a store that is down): the command that needed
// it is refused as unavailable (HTTP 503) and nothing changes, so memory never runs ahead of what a
// restart would load.
import { refuse, type Refusal } from "../game/commands";
import { StoreRefusal } from "./store-port";

export const STORAGE_FAULT_MESSAGE = "The server could not save this (its disk is full or read-only); nothing changed, try again shortly";

export const STORAGE_REFUSAL: Refusal = refuse("unavailable", STORAGE_FAULT_MESSAGE);

/** The one log line of a write the store refused; the command that needed it answers STORAGE_REFUSAL. */
export function storageRefused(log: (line: string) => void, what: string, err: unknown): Refusal {
  log(`storage: ${what} failed, refused: ${String(err)}`);
  return err instanceof StoreRefusal ? refuse("unavailable", err.message) : STORAGE_REFUSAL;
}

export const isStorageFault = (value: unknown): value is Refusal =>
  typeof value === "object" && value !== null && (value as Refusal).ok === false && (value as Refusal).kind === "unavailable";
