// One store of signals per page, shared by every island on it. On the server each request renders
// with its own store (through context), so no state leaks between requests.
import { computed, signal } from "@preact/signals-react";
import { createContext, useContext } from "react";
import type { ChatMessage, Lock } from "../../src/game/types";
import type { LobbyView, RoundView } from "../../src/game/views";
import type { QuestionBook } from "../../src/ai/tag-sources";
import type { SettingsDraft } from "./settings-draft";

export type PageName = "home" | "lobby" | "game" | "tv";
export type ClientPhase = "idle" | "question" | "answered" | "results" | "summary";

export interface PageData {
  page: PageName;
  code: string | null;
  lobby: LobbyView | null;
  /** server time when rendered, so the first paint's countdown matches the server's */
  now: number;
}

export function phaseFromLobby(lobby: LobbyView | null): ClientPhase {
  switch (lobby?.gameState?.phase) {
    case "question":
    case "judging":
      return "question";
    case "results":
      return "results";
    case "complete":
      return "summary";
    default:
      return "idle";
  }
}

export function createStore(data: PageData) {
  const lobby = signal<LobbyView | null>(data.lobby);
  const meId = signal<string | null>(null);
  // A Duel's lobby lists everyone in `players` (it has no teams).
  const players = computed(() => lobby.value?.players ?? [...(lobby.value?.blueTeam ?? []), ...(lobby.value?.redTeam ?? []), ...(lobby.value?.quizmaster ? [lobby.value.quizmaster] : [])]);
  const me = computed(() => players.value.find((p) => p.id === meId.value) ?? null);
  const game = data.lobby?.gameState;
  return {
    page: data.page,
    code: data.code,
    lobby,
    meId,
    players,
    me,
    isHost: computed(() => Boolean(me.value && lobby.value && lobby.value.host.id === me.value.id)),
    chat: signal<ChatMessage[]>([]),
    chatMode: signal<ChatMessage["chatType"]>("game"),
    phase: signal<ClientPhase>(phaseFromLobby(data.lobby)),
    endsAt: signal<number | null>(game?.currentRound?.endsAt ?? null),
    now: signal<number>(data.now),
    /** the team's lock in the open round; `playerId`: who locked it */
    /** the team's lock in this round; who locked it is missing from an event of an older server */
    myLock: signal<(Omit<Lock, "playerId"> & Partial<Pick<Lock, "playerId">>) | null>(null),
    lastResult: signal<RoundView | null>(game?.rounds.at(-1) ?? null),
    /** a passing message for everyone on the page (a new host); shown by the status bar */
    notice: signal<string | null>(null),
    /** why the last chat message was refused, shown under the chat input */
    chatError: signal<string | null>(null),
    /** the page is for another lobby than the player's seat: which seat, to ask before giving it up (LobbySwitch) */
    switchAsk: signal<{ from: string; name: string } | null>(null),
    /** the lobby's own questions and where questions come from; fetched by the host's page only */
    questionBook: signal<QuestionBook | null>(null),
    /** the host's settings as typed but not yet saved; Start Game saves them first */
    settingsDraft: signal<SettingsDraft | null>(null),
  };
}

export type Store = ReturnType<typeof createStore>;

export const StoreContext = createContext<Store | null>(null);

export function useStore(): Store {
  const store = useContext(StoreContext);
  if (!store) throw new Error("island rendered outside its page store");
  return store;
}
