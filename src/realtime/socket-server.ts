// The socket.io server on Bun's native WebSockets (@socket.io/bun-engine), same port as HTTP.
// Handlers authenticate, validate and hand commands to the lobby service; everything players hear
// comes back through the broadcaster from the rules' effects.
import { Server as Engine } from "@socket.io/bun-engine";
import { Server, type Socket } from "socket.io";
import type { z } from "zod";
import { playerSnapshot } from "../game/views";
import { originAllowed } from "../api/origin";
import type { Tokens } from "../api/tokens";
import type { LobbyService } from "../lobbies/service";
import { isSharedRoom, rooms, SocketBroadcaster } from "./broadcaster";
import { RoomFanout, type Publisher } from "./fanout";
import { FloodGuard } from "./flood-guard";
import { chatPayload, joinLobbyPayload, leaveLobbyPayload, lobbyUpdatedPayload } from "./payloads";

export const SOCKET_PATH = "/socket.io/";
export const MAX_FRAME_BYTES = 16 * 1024;
/** How long close() waits for connections to take their last event before they are cut. */
const CLOSE_WAIT_MS = 500;

interface SeatData {
  code?: string;
  playerId?: string;
  guard: FloodGuard;
}
type GameSocket = Socket<Record<string, (...args: any[]) => void>, Record<string, (...args: any[]) => void>, Record<string, never>, SeatData>;

export interface RealtimeDeps {
  service: LobbyService;
  tokens: Tokens;
  allowedOrigins: readonly string[];
  log: (line: string) => void;
}

export function createRealtime({ service, tokens, allowedOrigins, log }: RealtimeDeps) {
  /** set by close(): from then on handshakes are refused and disconnects are the server's doing */
  let closing = false;
  const io = new Server({ serveClient: false, transports: ["websocket", "polling"] });
  const engine = new Engine({
    path: SOCKET_PATH,
    // The Engine's own limit; socket.io's maxHttpBufferSize is not read under this engine.
    maxHttpBufferSize: MAX_FRAME_BYTES,
    pingInterval: 20_000,
    pingTimeout: 15_000,
    allowRequest: async (request) => {
      if (!originAllowed(request, allowedOrigins)) throw "Cross-site handshake refused";
      // Going down: open sessions may still collect what is buffered for them, new ones wait.
      if (closing && !new URL(request.url).searchParams.has("sid")) throw "Server is restarting";
    },
  });
  io.bind(engine as never);
  const fanout = new RoomFanout(io, isSharedRoom);
  service.broadcaster = new SocketBroadcaster(io, fanout);

  const fail = (socket: GameSocket, event: string, message: string) => socket.emit("socket-error", { event, message });

  function parse<S extends z.ZodType>(socket: GameSocket, event: string, schema: S, payload: unknown): z.infer<S> | null {
    const parsed = schema.safeParse(payload);
    if (parsed.success) return parsed.data;
    fail(socket, event, "Invalid payload");
    return null;
  }

  /** Leaves the seat's rooms; the player is away once no socket of theirs remains. */
  function unseat(socket: GameSocket): void {
    const { code, playerId } = socket.data;
    if (!code || !playerId) return;
    socket.leave(rooms.lobby(code));
    socket.leave(rooms.team(code, "blue"));
    socket.leave(rooms.team(code, "red"));
    socket.leave(rooms.player(playerId));
    socket.data.code = socket.data.playerId = undefined;
    const stillHere = io.sockets.adapter.rooms.get(rooms.player(playerId))?.size ?? 0;
    if (!stillHere) service.dispatch(code, { type: "presence", playerId, connected: false });
  }

  function sendSnapshot(socket: GameSocket): void {
    const { code, playerId } = socket.data;
    const state = code ? service.get(code) : undefined;
    const snapshot = state && playerId ? playerSnapshot(state, playerId) : null;
    if (snapshot) socket.emit("lobby-updated", { ...snapshot, updateType: "snapshot" });
  }

  io.on("connection", (raw) => {
    const socket = raw as GameSocket;
    socket.data.guard = new FloodGuard(20, 40, 200);
    socket.use((_packet, next) => {
      const verdict = socket.data.guard.check();
      if (verdict === "ok") return next();
      if (verdict === "cut") {
        log(`socket ${socket.id} cut off for flooding`);
        socket.disconnect(true);
      }
    });

    socket.on("join-lobby", async (payload: unknown) => {
      const input = parse(socket, "join-lobby", joinLobbyPayload, payload);
      if (!input) return;
      const claims = await tokens.verify(input.token);
      // Gone while the token was checked: its disconnect has already run, so seating it now would
      // leave a dead socket in the rooms and the player shown connected for good.
      if (socket.disconnected) return;
      const state = claims && service.get(claims.lobby);
      const player = state && state.players.find((p) => p.id === claims.sub);
      if (!claims || !state || !player) {
        // The page tells the player why it went home: these refusals are final, unlike a lost connection.
        fail(socket, "join-lobby", !claims ? "Invalid or expired session" : !state ? "This lobby has ended" : "You are no longer in this lobby");
        socket.disconnect(true);
        return;
      }
      if (socket.data.playerId !== claims.sub) unseat(socket);
      socket.data.code = state.code;
      socket.data.playerId = claims.sub;
      socket.join([rooms.lobby(state.code), rooms.team(state.code, player.team), rooms.player(claims.sub)]);
      // A second tab with the same token replaces the first, so a player is never seated twice; the
      // older tab is told, so it can say so and offer to take the seat back instead of going quiet.
      for (const id of [...(io.sockets.adapter.rooms.get(rooms.player(claims.sub)) ?? [])]) {
        const older = id === socket.id ? undefined : io.sockets.sockets.get(id);
        if (!older) continue;
        older.emit("session-replaced", { lobbyCode: state.code });
        older.disconnect(true);
      }
      service.dispatch(state.code, { type: "presence", playerId: claims.sub, connected: true });
      sendSnapshot(socket);
    });

    socket.on("leave-lobby", (payload: unknown) => {
      if (parse(socket, "leave-lobby", leaveLobbyPayload, payload) === null) return;
      unseat(socket);
    });

    socket.on("chat-message", (payload: unknown) => {
      const input = parse(socket, "chat-message", chatPayload, payload);
      if (!input) return;
      const { code, playerId } = socket.data;
      if (!code || !playerId) return fail(socket, "chat-message", "Join a lobby first");
      if (!input.message.trim()) return;
      const outcome = service.dispatch(code, { type: "chat", playerId, message: input.message, chatType: input.chatType });
      if (!outcome.ok) fail(socket, "chat-message", outcome.message);
    });

    socket.on("lobby-updated", (payload: unknown) => {
      if (parse(socket, "lobby-updated", lobbyUpdatedPayload, payload) === null) return;
      sendSnapshot(socket);
    });

    // The server going down is not the player leaving: nothing is recorded, no one is told.
    socket.on("disconnect", () => {
      if (!closing) unseat(socket);
    });
  });

  return {
    engine,
    io,
    /** Hands Bun's server to the room fan-out, so broadcasts use its native publish. */
    attach: (server: Publisher) => fanout.attach(server),
    /**
     * Every socket hears `server-restarting`, then its transport is closed under it. Not
     * socket.disconnect(): socket.io-client takes a server-side disconnect as final, while a lost
     * transport makes it reconnect (and the page rejoin) once the server is back.
     */
    async close(): Promise<void> {
      closing = true;
      io.emit("server-restarting", {});
      // A polling client collects the event with its next request: each connection closes once its
      // buffer is drained, so the listener must stay open until then (briefly).
      const conns = [...io.sockets.sockets.values()].map((s) => s.conn).filter((c) => c.readyState !== "closed");
      const gone = Promise.all(conns.map((c) => new Promise((resolve) => c.once("close", resolve))));
      await io.close();
      await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref())]);
    },
  };
}
