// Joining a lobby, shared by the join card and the invite page's form.
import { lobbyQuery } from "../../src/shared/lobby-query";
import { api, type ApiAnswer, type Answers } from "./api";
import { go } from "./navigate";
import { saveSession } from "./token";

/**
 * Joins and goes to the lobby; the answer, for the island's action to show why not (action.ts), and
 * `takeBack` when the name is a free seat the player may confirm is theirs (`takeBack` then true).
 */
export async function joinLobby(code: string, name: string, takeBack = false): Promise<ApiAnswer> {
  const wanted = code.trim().toUpperCase();
  // The code in the address too: a proxy sends the call to the lobby's node by it (docs/cluster.md "Routing").
  const res = await api<Answers["seated"]>("POST", `/api/lobby/join${lobbyQuery(wanted)}`, { playerName: name.trim(), code: wanted, ...(takeBack ? { takeBack } : {}) }, false);
  const lobby = res.lobby;
  if (!res.success || typeof res.token !== "string" || !lobby) return { ...res, success: false };
  saveSession(res.token, lobby.code);
  go(`/lobby/${lobby.code}`);
  return res;
}

/** What taking a seat back does, said before the player confirms (docs/rules.md "Taking a seat back"). */
export const takeBackBody = (name: string) => `Nobody has been connected as ${name} for a while. If that is you on another phone, take the seat back: its team, captaincy and points stay yours, and the other phone is signed out.`;
