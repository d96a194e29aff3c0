import type { Refusal } from "./commands";
import type { Effect } from "./effects";
import type { LobbyState } from "./types";

export interface Accepted {
  ok: true;
  state: LobbyState;
  effects: Effect[];
}
export type Outcome = Accepted | Refusal;

export const accept = (state: LobbyState, effects: Effect[] = []): Accepted => ({ ok: true, state, effects });
