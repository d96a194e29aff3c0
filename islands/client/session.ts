// The lobby and game pages' session: token checks and redirects (docs/pages.md "Routes"), the authenticated
// lobby fetch, and realtime events turned into store updates. Pages follow the game: the lobby page
// goes to the game while one runs, the game page to the lobby when none does (docs/pages.md "Staying connected").
import { CHAT_HISTORY } from "../../src/game/settings";
import type { LobbyView } from "../../src/game/views";
import type { RoundResults, ServerEvent } from "../../src/shared/events";
import { REFRESHING_LOBBY_EVENTS } from "../../src/game/server-events";
import { REMOVED_BY_HOST } from "../../src/shared/removed";
import { api, type Answers } from "./api";
import { connect as openConnection, type Connection } from "./connection";
import { setFlash } from "./flash";
import { failureMessage } from "./refusal";
import { go, redirect } from "./navigate";
import type { Store } from "./store";
import { phaseFromLobby } from "./store";
import { clearSession, isExpired, readClaims, storedToken } from "./token";

/** how long the last round's results show before the summary (docs/decisions.md, "The game explains itself") */
export const SUMMARY_DELAY_MS = 15_000;
export const RETURN_DELAY_MS = 1_000;
/** how often the summary's delay looks whether the game is paused */
const PLAYING_TICK_MS = 250;
/** how long a notice (a new host, say) stays on screen */
export const NOTICE_MS = 6_000;

/** Events that carry a new view of the lobby for the page to take: the lobby events it takes in place, a snapshot, a game's start. */
const LOBBY_EVENTS = [...REFRESHING_LOBBY_EVENTS, "lobby-updated", "game-started"] as const satisfies ServerEvent[];

/** Starts the page's session; resolves to the connection, or null when the page redirected. */
export async function startSession(store: Store, connect: (token: string, code: string) => Connection = openConnection): Promise<Connection | null> {
  const code = store.code ?? "";
  const token = storedToken();
  const claims = readClaims(token);
  if (store.page === "lobby") {
    if (!token) return (go(`/?join=${code}`), null);
    if (claims?.lobby !== code) {
      // Opening a page (a link, a QR code) never gives a seat up: the player is asked (LobbySwitch,
      // docs/decisions.md "Keeping strangers out": nothing happens on page load).
      if (claims && !isExpired(claims)) return ((store.switchAsk.value = { from: claims.lobby, name: claims.name }), null);
      clearSession();
      return (go(`/?join=${code}`), null);
    }
  } else if (!token || !claims || claims.lobby !== code || isExpired(claims)) {
    // No seat here: the join dialog, as the lobby page offers (docs/decisions.md "The game explains itself and forgives slips: the lobby, home page and host actions"), not a blank home page.
    return (go(`/?join=${code}`), null);
  }
  const res = await api<Answers["lobby"]>("GET", `/api/lobby/${code}`);
  if (!res.success) {
    // No answer at all is the network, not the lobby: the page carries on from its server render
    // and the connection catches up. An answer that refuses means the seat or the lobby is gone.
    if (store.page === "game" || res.status === 0) console.error("Failed to fetch lobby data");
    else return (clearSession(), setFlash(failureMessage(res, "This lobby is no longer available")), go("/"), null);
  } else {
    store.lobby.value = res.data ?? null;
    if (followGame(store)) return null;
  }
  store.meId.value = claims!.sub;
  const connection = connect(token!, code);
  wireEvents(store, connection);
  return connection;
}

/**
 * Pages on their way out, and where to: events keep arriving until the next page loads, and a second
 * navigation would abort the first (a game-started and a reconnect's snapshot, say), so only the
 * first counts.
 */
const leaving = new WeakMap<Store, string>();
export function navigateOnce(store: Store, path: string, replace = false): void {
  if (leaving.has(store)) return;
  leaving.set(store, path);
  (replace ? redirect : go)(path);
}

/** Goes to the page that shows the lobby as it is now; true when it navigated. */
function followGame(store: Store): boolean {
  const running = Boolean(store.lobby.value?.gameState);
  if (store.page === "lobby" && running) return (navigateOnce(store, `/game/${store.code}`, true), true);
  if (store.page === "game" && store.lobby.value && !running) return (navigateOnce(store, `/lobby/${store.code}`, true), true);
  return false;
}

function patchGame(store: Store, patch: Partial<NonNullable<LobbyView["gameState"]>>): void {
  const lobby = store.lobby.value;
  if (!lobby?.gameState) return;
  store.lobby.value = { ...lobby, gameState: { ...lobby.gameState, ...patch } };
}

/** A short message on the page's status bar, gone after a while. */
export function notify(store: Store, text: string): void {
  store.notice.value = text;
  setTimeout(() => {
    if (store.notice.value === text) store.notice.value = null;
  }, NOTICE_MS);
}

/** The session is over for this player: say why on the home page. */
function leaveHome(store: Store, connection: Connection, why: string): void {
  connection.close();
  clearSession();
  setFlash(why);
  // Home already (the host's own End Lobby): going again would abort that navigation.
  if (leaving.get(store) === "/") return;
  leaving.delete(store);
  navigateOnce(store, "/");
}

export function wireEvents(store: Store, connection: Connection): void {
  const code = store.code;
  // The shared screen has no session to end and no other page to go to: it shows the lobby between
  // games, and reloads itself (to its "no lobby" page) once the lobby is gone.
  const tv = store.page === "tv";
  const gone = () => {
    connection.close();
    navigateOnce(store, `/tv/${code}`, true);
  };
  for (const event of LOBBY_EVENTS) {
    connection.on(event, (payload) => {
      if (payload?.lobby) store.lobby.value = payload.lobby;
      if ("updateType" in payload && payload.updateType === "snapshot") {
        store.chat.value = payload.chat ?? [];
        store.myLock.value = payload.lock ?? null;
        resync(store);
      } else if (event === "game-started" && store.page === "lobby") navigateOnce(store, `/game/${code}`);
      else if (store.page === "lobby" && payload?.lobby?.gameState) navigateOnce(store, `/game/${code}`, true);
    });
  }
  connection.on("player-joined", (p) => {
    const me = store.me.value;
    if (me && p.player.id !== me.id && p.player.team === me.team) notify(store, `${p.player.name} joined your team`);
  });
  connection.on("host-changed", (p) => {
    // The lobby sent is the one after the hand-over: its host is the new one, whatever the mode (a Duel has no team lists).
    notify(store, p.hostId === store.meId.value ? "You are now the host" : `${p.lobby.host.name || "Someone"} is now the host`);
  });
  connection.on("seat-taken-back", (p) => p.playerId !== store.meId.value && notify(store, `${p.name} is back on another device`));
  connection.on("lobby-ended", (p) => (tv ? gone() : leaveHome(store, connection, p?.reason ?? "The lobby has ended")));
  connection.on("you-were-kicked", () => leaveHome(store, connection, REMOVED_BY_HOST));
  connection.on("socket-error", (p) => {
    // join-lobby is refused only when the seat or the lobby is gone for good.
    if (p?.event === "join-lobby") leaveHome(store, connection, p.message ?? "Failed to join lobby");
    else if (p?.event === "watch-lobby") gone();
    else if (p?.event === "chat-message") store.chatError.value = p.message ?? "Message not sent";
  });
  connection.on("chat-message", (msg) => {
    const me = store.me.value;
    // The server never sends another team's team chat; the client hides it all the same.
    if (msg.chatType === "team" && me && msg.team !== me.team) return;
    store.chat.value = [...store.chat.value, msg].slice(-CHAT_HISTORY);
  });
  connection.on("round-started", (p) => {
    patchGame(store, { phase: "question", currentRoundNumber: p.game.currentRoundNumber, totalRounds: p.game.totalRounds, currentRound: p.game.currentRound, scores: p.game.scores, locked: { blue: false, red: false } });
    store.myLock.value = null;
    store.endsAt.value = p.endsAt;
    store.now.value = Date.now();
    store.phase.value = "question";
  });
  connection.on("round-timeup", () => {
    store.endsAt.value = Date.now();
    store.now.value = Date.now();
  });
  connection.on("answer-locked", (p) => {
    const locked = store.lobby.value?.gameState?.locked;
    if (locked && p.roundNumber === store.lobby.value?.gameState?.currentRoundNumber) patchGame(store, { locked: { ...locked, [p.team]: true } });
  });
  connection.on("team-answer-submitted", (p) => {
    if (p.answer === undefined || p.team !== store.me.value?.team) return;
    store.myLock.value = { answer: p.answer, isSteal: Boolean(p.isSteal), playerId: p.playerId };
    if (store.phase.value === "question") store.phase.value = "answered";
  });
  const onResults = (p: RoundResults) => {
    patchGame(store, { phase: p.gameComplete ? "complete" : "results", scores: p.scores, rounds: p.game.rounds });
    store.lastResult.value = p.round;
  };
  connection.on("round-results", (p) => {
    if (!p?.round) return;
    onResults(p);
    store.phase.value = "results";
    if (p.gameComplete) afterPlaying(store, SUMMARY_DELAY_MS, () => (store.phase.value = "summary"));
  });
  connection.on("round-overruled", (p) => {
    if (!p?.round) return;
    const shown = store.lastResult.value;
    onResults(p);
    if (shown && shown.number !== p.round.number) store.lastResult.value = shown;
  });
  // The host's hand on the clock (docs/pages.md "The host runs the room"): the lobby, taken in place
  // above, holds the moved deadline and whether the game is paused; the countdown follows it.
  const followClock = (lobby: LobbyView, news: string | null) => {
    const round = lobby.gameState?.currentRound;
    if (round) store.endsAt.value = round.endsAt;
    store.now.value = Date.now();
    if (news) notify(store, news);
  };
  connection.on("game-paused", (p) => followClock(p.lobby, p.paused ? null : "The host resumed the game"));
  connection.on("time-added", (p) => followClock(p.lobby, `The host added ${p.seconds} s`));
  connection.on("question-skipped", (p) => {
    store.myLock.value = null;
    store.phase.value = "question";
    followClock(p.lobby, "The host skipped that question: here is another");
  });
  const between = (lobby: LobbyView) => {
    store.lobby.value = lobby;
    store.phase.value = "idle";
  };
  connection.on("lobby-returned", (p) => (tv ? between(p.lobby) : setTimeout(() => navigateOnce(store, `/lobby/${code}`), RETURN_DELAY_MS)));
  connection.on("game-ended", (p) => (tv ? between(p.lobby) : navigateOnce(store, `/lobby/${code}`)));
  // The host ended the game early: what was played is its summary, shown at once.
  connection.on("game-stopped", (p) => {
    store.lobby.value = p.lobby;
    store.lastResult.value = p.lobby.gameState?.rounds.at(-1) ?? null;
    store.phase.value = "summary";
    notify(store, p.reason);
  });
}

/** Runs `fn` once `ms` of unpaused time has passed: a pause by the host holds the last results on every screen. */
function afterPlaying(store: Store, ms: number, fn: () => void): void {
  let left = ms;
  let last = Date.now();
  const id = setInterval(() => {
    const now = Date.now();
    if (!store.lobby.value?.gameState?.paused) left -= now - last;
    last = now;
    if (left > 0) return;
    clearInterval(id);
    fn();
  }, PLAYING_TICK_MS);
}

/** After a snapshot (refresh or reconnect), the page follows the server, whatever happened meanwhile. */
function resync(store: Store): void {
  if (followGame(store) || store.page === "lobby") return;
  const lobby = store.lobby.value!;
  const phase = phaseFromLobby(lobby);
  store.endsAt.value = lobby.gameState?.currentRound?.endsAt ?? null;
  store.now.value = Date.now();
  store.lastResult.value = lobby.gameState?.rounds.at(-1) ?? null;
  // A result seen before is not shown again for 5 s: a completed game goes straight to its summary.
  store.phase.value = phase === "question" && store.myLock.value ? "answered" : phase;
}
