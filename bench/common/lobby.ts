// Seats a populated lobby through the public API, as players would: a host and 15 friends, both
// captains, settings with categories, and some room and team chat over the page's own WebSocket link.
import { openLink, type Link } from "../../islands/client/link";
import type { LobbyView } from "../../src/game/views";
import { encodeFrame } from "../../src/shared/wire";

export interface Seat {
  id: string;
  name: string;
  token: string;
}

export interface Populated {
  code: string;
  host: Seat;
  seats: Seat[];
}

const NAMES = ["Hana", "Ravi", "Bo", "Rue", "Mika", "Tomasz", "Aiyana", "Lucía", "Kenji", "Odette", "Farouk", "Priya", "Sven", "Noor", "Dmitri", "Zanele"];

async function post(base: string, path: string, body: unknown, token?: string): Promise<any> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(base + path, { method: "POST", headers, body: JSON.stringify(body), signal: AbortSignal.timeout(10_000) });
  const json = (await res.json()) as any;
  if (!res.ok || json?.success !== true) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

export async function lobbyView(base: string, code: string): Promise<LobbyView> {
  const res = await fetch(`${base}/api/lobby/${code}`, { signal: AbortSignal.timeout(10_000) });
  const json = (await res.json()) as { success: boolean; data: LobbyView };
  if (!json.success) throw new Error(`GET /api/lobby/${code} failed`);
  return json.data;
}

const seatOf = (body: any, name: string, token: string): Seat => {
  const me = [...body.lobby.blueTeam, ...body.lobby.redTeam].find((p: { name: string }) => p.name === name);
  if (!me) throw new Error(`${name} was not seated`);
  return { id: me.id, name, token };
};

/** Sends `count` chat messages from each seat and waits until each sender has seen its own echoed. */
async function chatter(base: string, seats: Seat[], count: number): Promise<void> {
  const links: Link[] = [];
  try {
    await Promise.all(
      seats.map(async (seat, i) => {
        let echoed = 0;
        let joined: () => void = () => {};
        let done: () => void = () => {};
        const snapshot = new Promise<void>((resolve) => (joined = resolve));
        const all = new Promise<void>((resolve) => (done = resolve));
        const link: Link = openLink("websocket", base, {
          open: () => link.send(encodeFrame("join-lobby", { token: seat.token })),
          frame(event, payload) {
            if (event === "lobby-updated") joined();
            if (event === "chat-message" && (payload as { playerId: string }).playerId === seat.id && ++echoed === count) done();
          },
          // a refusal shows as the missing echoes below
          closed: () => joined(),
        });
        links.push(link);
        await Promise.race([snapshot, Bun.sleep(5_000)]);
        for (let n = 0; n < count; n++) {
          const chatType = n % 3 === 2 ? "team" : "game";
          link.send(encodeFrame("chat-message", { message: `${seat.name} says: message ${n + 1} of ${count}${i % 2 ? " — I totally know this one" : ", trust me"}`, chatType }));
          await Bun.sleep(120); // below the flood guard's rate
        }
        await Promise.race([all, Bun.sleep(5_000).then(() => Promise.reject(new Error(`chat from ${seat.name} was not echoed`)))]);
      }),
    );
  } finally {
    for (const link of links) link.close();
  }
}

/** A new lobby with its host seated (on blue), as `POST /api/lobby/create` answered it. */
export async function openLobby(base: string, hostName = NAMES[0]!): Promise<{ code: string; host: Seat; created: any }> {
  const created = await post(base, "/api/lobby/create", { playerName: hostName });
  return { code: created.lobby.code, host: seatOf(created, hostName, created.token), created };
}

/**
 * A lobby of `players` (host first, on blue; the rest placed by the smaller-team rule), with the host
 * captaining blue and the first red player red, settings changed, and chat. `game: "round"` also
 * starts the game and its first round; `"started"` only the game.
 */
export async function populateLobby(base: string, { players = 16, game = "none" as "none" | "started" | "round", chat = true } = {}): Promise<Populated> {
  const { code, host, created } = await openLobby(base);
  const seats: Seat[] = [host];
  let last: any = created;
  for (let n = 1; n < players; n++) {
    const name = NAMES[n % NAMES.length]! + (n >= NAMES.length ? ` ${n}` : "");
    last = await post(base, "/api/lobby/join", { playerName: name, code });
    seats.push(seatOf(last, name, last.token));
  }
  const redCaptain = seats.find((s) => last.lobby.redTeam.some((p: { id: string }) => p.id === s.id))!;
  await post(base, "/api/lobby/updateSettings", { settings: { rounds: 5, roundLimit: 120, tags: ["Geography", "Science", "Movies", "Music"] } }, host.token);
  if (chat) await chatter(base, [host, redCaptain, seats[2]!, seats[3]!], 4);
  if (game !== "none") await post(base, "/api/lobby/start", {}, host.token);
  if (game === "round") await post(base, "/api/lobby/startRound", { code }, host.token);
  return { code, host, seats };
}
