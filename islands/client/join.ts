// Joining a lobby, shared by the join card and the ?join= dialog.
import { api, attempt, type Answers } from "./api";
import { failureMessage } from "./refusal";
import { go } from "./navigate";
import { saveSession } from "./token";

/** null when the player is on their way to the lobby, else why they could not join */
export async function joinLobby(code: string, name: string): Promise<string | null> {
  const res = await attempt("Failed to join lobby", () => api<Answers["seated"]>("POST", "/api/lobby/join", { playerName: name.trim(), code: code.trim().toUpperCase() }, false));
  const lobby = res.lobby;
  if (!res.success || typeof res.token !== "string" || !lobby) return failureMessage(res, "Failed to join lobby");
  saveSession(res.token, lobby.code);
  go(`/lobby/${lobby.code}`);
  return null;
}
