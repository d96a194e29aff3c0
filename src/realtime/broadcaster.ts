// Carries the rules' emit effects to socket.io rooms: a lobby's room, one room per team, one per player.
import type { Server } from "socket.io";
import type { Audience } from "../game/effects";
import type { Team } from "../game/types";
import type { Broadcaster } from "../lobbies/seams";

export const rooms = {
  lobby: (code: string) => code,
  team: (code: string, team: Team) => `${code}:${team}`,
  player: (playerId: string) => `player:${playerId}`,
};

export class SocketBroadcaster implements Broadcaster {
  constructor(private readonly io: Server) {}

  private target(code: string, to: Audience): string {
    if (to.kind === "room") return rooms.lobby(code);
    if (to.kind === "team") return rooms.team(code, to.team);
    return rooms.player(to.playerId);
  }

  emit(code: string, to: Audience, event: string, payload: unknown): void {
    this.io.to(this.target(code, to)).emit(event, payload);
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
