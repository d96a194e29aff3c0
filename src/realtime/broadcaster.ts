// Carries the rules' emit effects to socket.io rooms: a lobby's room, one room per team, one per player.
// Lobby and team rooms fan out through Bun's native publish (fanout.ts); a player's room is one socket
// or two, so it goes through socket.io.
import type { Server } from "socket.io";
import type { Audience } from "../game/effects";
import { CODE_LENGTH } from "../game/settings";
import type { Team } from "../game/types";
import type { Broadcaster } from "../lobbies/seams";
import type { RoomFanout } from "./fanout";

export const rooms = {
  lobby: (code: string) => code,
  team: (code: string, team: Team) => `${code}:${team}`,
  player: (playerId: string) => `player:${playerId}`,
};

/**
 * Lobby and team rooms: the ones broadcast to many sockets at once (not `player:<id>`, not a socket's
 * own 20-character id room). Checked on every broadcast and room change, so no regular expression.
 */
export function isSharedRoom(room: string): boolean {
  if (room.length === CODE_LENGTH) return true;
  if (room.charCodeAt(CODE_LENGTH) !== 58 /* ":" */) return false;
  const team = room.slice(CODE_LENGTH + 1);
  return team === "blue" || team === "red";
}

export class SocketBroadcaster implements Broadcaster {
  constructor(
    private readonly io: Server,
    private readonly fanout: RoomFanout,
  ) {}

  private target(code: string, to: Audience): string {
    if (to.kind === "room") return rooms.lobby(code);
    if (to.kind === "team") return rooms.team(code, to.team);
    return rooms.player(to.playerId);
  }

  emit(code: string, to: Audience, event: string, payload: unknown): void {
    if (to.kind === "player") this.io.to(rooms.player(to.playerId)).emit(event, payload);
    else this.fanout.emit(this.target(code, to), event, payload);
  }

  seat(code: string, playerId: string, team: Team | null): void {
    const sockets = this.io.in(rooms.player(playerId));
    sockets.socketsLeave([rooms.team(code, "blue"), rooms.team(code, "red")]);
    if (team) return sockets.socketsJoin(rooms.team(code, team));
    // Out of the lobby: its connections stop hearing anything and close.
    sockets.socketsLeave(rooms.lobby(code));
    sockets.disconnectSockets(true);
  }

  close(code: string): void {
    this.io.in(rooms.lobby(code)).disconnectSockets(true);
  }
}
