// The lobby and game pages' session: token checks and redirects (SPEC 4, 5, 8), the authenticated
// lobby fetch, and socket events turned into store updates.
import type { Socket } from "socket.io-client";
import type { ChatMessage, RoundResult } from "../../src/game/types";
import type { LobbyView } from "../../src/game/views";
import { api } from "./api";
import { go } from "./navigate";
import { connectSocket } from "./socket";
import type { Store } from "./store";
import { phaseFromLobby } from "./store";
import { clearSession, isExpired, readClaims, storedToken } from "./token";

export const SUMMARY_DELAY_MS = 5_000;
export const RETURN_DELAY_MS = 1_000;

const LOBBY_EVENTS = ["player-joined", "player-left", "player-team-changed", "player-kicked", "lobby-updated", "settings-updated", "game-started", "player-disconnected"];

/** Starts the page's session; resolves to the socket, or null when the page redirected. */
export async function startSession(store: Store, connect: (token: string) => Socket = connectSocket): Promise<Socket | null> {
  const code = store.code ?? "";
  const token = storedToken();
  const claims = readClaims(token);
  if (store.page === "lobby") {
    if (!token) return (go(`/?join=${code}`), null);
    if (claims?.lobby !== code) {
      await api("POST", "/api/lobby/leave");
      clearSession();
      return (go("/"), null);
    }
  } else if (!token || !claims || claims.lobby !== code || isExpired(claims)) {
    console.error("Invalid session for this game");
    return (go("/"), null);
  }
  const res = await api("GET", `/api/lobby/${code}`);
  if (!res.success) {
    if (store.page === "game") console.error("Failed to fetch lobby data");
    else return (clearSession(), go("/"), null);
  } else {
    store.lobby.value = res.data as LobbyView;
  }
  store.meId.value = claims!.sub;
  const socket = connect(token!);
  wireEvents(store, socket);
  return socket;
}

function patchGame(store: Store, patch: Partial<NonNullable<LobbyView["gameState"]>>): void {
  const lobby = store.lobby.value;
  if (!lobby?.gameState) return;
  store.lobby.value = { ...lobby, gameState: { ...lobby.gameState, ...patch } };
}

export function wireEvents(store: Store, socket: Socket): void {
  const code = store.code;
  for (const event of LOBBY_EVENTS) {
    socket.on(event, (payload: { lobby?: LobbyView; updateType?: string; chat?: ChatMessage[]; lock?: { answer: string; isSteal: boolean } | null }) => {
      if (payload?.lobby) store.lobby.value = payload.lobby;
      if (payload?.updateType === "snapshot") {
        store.chat.value = payload.chat ?? [];
        store.myLock.value = payload.lock ?? null;
        resync(store);
      }
      if (event === "game-started" && store.page === "lobby") go(`/game/${code}`);
    });
  }
  const leaveHome = () => {
    clearSession();
    go("/");
  };
  socket.on("lobby-ended", leaveHome);
  socket.on("you-were-kicked", leaveHome);
  socket.on("chat-message", (msg: ChatMessage) => {
    const me = store.me.value;
    // The server never sends another team's team chat; the client hides it all the same.
    if (msg.chatType === "team" && me && msg.team !== me.team) return;
    store.chat.value = [...store.chat.value, msg].slice(-100);
  });
  socket.on("round-started", (p: { game: { currentRoundNumber: number; totalRounds: number; currentRound: NonNullable<LobbyView["gameState"]>["currentRound"]; scores: { blue: number; red: number } }; endsAt: number }) => {
    patchGame(store, { phase: "question", currentRoundNumber: p.game.currentRoundNumber, totalRounds: p.game.totalRounds, currentRound: p.game.currentRound, scores: p.game.scores, locked: { blue: false, red: false } });
    store.myLock.value = null;
    store.endsAt.value = p.endsAt;
    store.now.value = Date.now();
    store.phase.value = "question";
  });
  socket.on("round-timeup", () => {
    store.endsAt.value = Date.now();
    store.now.value = Date.now();
  });
  socket.on("team-answer-submitted", (p: { team: string; answer?: string; isSteal?: boolean }) => {
    if (p.answer === undefined || p.team !== store.me.value?.team) return;
    store.myLock.value = { answer: p.answer, isSteal: Boolean(p.isSteal) };
    if (store.phase.value === "question") store.phase.value = "answered";
  });
  const onResults = (p: { round: RoundResult; scores: { blue: number; red: number }; gameComplete: boolean; game: { rounds: RoundResult[] } }) => {
    patchGame(store, { phase: p.gameComplete ? "complete" : "results", scores: p.scores, rounds: p.game.rounds });
    store.lastResult.value = p.round;
  };
  socket.on("round-results", (p: Parameters<typeof onResults>[0]) => {
    if (!p?.round) return;
    onResults(p);
    store.phase.value = "results";
    if (p.gameComplete) setTimeout(() => (store.phase.value = "summary"), SUMMARY_DELAY_MS);
  });
  socket.on("round-overruled", (p: Parameters<typeof onResults>[0]) => {
    if (!p?.round) return;
    const shown = store.lastResult.value;
    onResults(p);
    if (shown && shown.number !== p.round.number) store.lastResult.value = shown;
  });
  socket.on("lobby-returned", () => setTimeout(() => go(`/lobby/${code}`), RETURN_DELAY_MS));
  socket.on("game-ended", () => go(`/lobby/${code}`));
}

/** After a snapshot (refresh or reconnect), the game page's phase follows the server's. */
function resync(store: Store): void {
  if (store.page !== "game") return;
  const lobby = store.lobby.value;
  if (!lobby?.gameState) return go(`/lobby/${store.code}`);
  const phase = phaseFromLobby(lobby);
  store.endsAt.value = lobby.gameState.currentRound?.endsAt ?? null;
  store.now.value = Date.now();
  store.lastResult.value = lobby.gameState.rounds.at(-1) ?? null;
  store.phase.value = phase === "question" && store.myLock.value ? "answered" : phase;
}
