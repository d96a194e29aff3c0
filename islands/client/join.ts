// Joining a lobby, shared by the join card and the ?join= dialog.
import { lobbyQuery } from "../../src/shared/lobby-query";
import { api, type ApiAnswer, type Answers } from "./api";
import { go } from "./navigate";
import { saveSession } from "./token";

/** Joins and goes to the lobby; the answer, for the island's action to show why not (action.ts). */
export async function joinLobby(code: string, name: string): Promise<ApiAnswer> {
  const wanted = code.trim().toUpperCase();
  // The code in the address too: a proxy sends the call to the lobby's node by it (docs/cluster.md "Routing").
  const res = await api<Answers["seated"]>("POST", `/api/lobby/join${lobbyQuery(wanted)}`, { playerName: name.trim(), code: wanted }, false);
  const lobby = res.lobby;
  if (!res.success || typeof res.token !== "string" || !lobby) return { ...res, success: false };
  saveSession(res.token, lobby.code);
  go(`/lobby/${lobby.code}`);
  return res;
}
