// Who hears what: carries the rules' emit effects to a lobby's room, one room per team, or one
// player's connections. Lobby and team rooms are Bun topics: a broadcast is encoded once and
// server.publish writes it to every subscribed WebSocket natively, corked, in order with the socket's
// direct sends. Connections on the fallback are no Bun sockets; they are kept per topic here
// (StreamTopics) and written one by one.
import type { Audience } from "../game/effects";
import type { ChatMessage, Team } from "../game/types";
import { chatJson } from "../lobbies/chat-json";
import type { Broadcaster } from "../lobbies/seams";
import type { ServerEvent, ServerEvents } from "../shared/events";
import { CLOSE, encodeFrame } from "../shared/wire";
import { lineTiming } from "./line-timing";
import type { Peer } from "./peer";

export const topics = {
  lobby: (code: string) => `lobby:${code}`,
  team: (code: string, team: Team) => `lobby:${code}:${team}`,
};

/** The part of Bun's server this needs. */
export interface Publisher {
  publish(topic: string, data: string): unknown;
}

const add = <K, V>(map: Map<K, Set<V>>, key: K, value: V) => {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
};
const remove = <K, V>(map: Map<K, Set<V>>, key: K, value: V) => {
  const set = map.get(key);
  if (set?.delete(value) && set.size === 0) map.delete(key);
};

/** Topic membership of the fallback's connections. */
export class StreamTopics {
  private readonly members = new Map<string, Set<Peer>>();

  add(topic: string, peer: Peer): void {
    add(this.members, topic, peer);
  }

  remove(topic: string, peer: Peer): void {
    remove(this.members, topic, peer);
  }

  send(topic: string, frame: string): void {
    const set = this.members.get(topic);
    if (set) for (const peer of set) peer.send(frame);
  }
}

export class Rooms implements Broadcaster {
  readonly streams = new StreamTopics();
  private publisher: Publisher | null = null;
  /** each seated player's connections */
  private readonly players = new Map<string, Set<Peer>>();
  /** each lobby's seated connections */
  private readonly lobbies = new Map<string, Set<Peer>>();

  /** Once Bun's server exists. Before, no one can be connected, so there is no one to tell. */
  attach(publisher: Publisher): void {
    this.publisher = publisher;
  }

  publish(topic: string, frame: string): void {
    this.publisher?.publish(topic, frame);
    this.streams.send(topic, frame);
  }

  /** The seated connections of a player. */
  connectionsOf(playerId: string): Peer[] {
    return [...(this.players.get(playerId) ?? [])];
  }

  /** Seats a connection: it hears its lobby, its team and what is meant for its player. */
  enter(peer: Peer, code: string, playerId: string, team: Team | null): void {
    peer.code = code;
    peer.playerId = playerId;
    peer.subscribe(topics.lobby(code));
    // The quizmaster (no team) hears the room only.
    if (team) peer.subscribe(topics.team(code, team));
    add(this.players, playerId, peer);
    add(this.lobbies, code, peer);
  }

  /** A spectator: it hears the lobby's room, and no team or player. */
  watch(peer: Peer, code: string): void {
    peer.code = code;
    peer.subscribe(topics.lobby(code));
    add(this.lobbies, code, peer);
  }

  /** Unseats a connection (or stops a spectator); resolves with how many connections its player still has. */
  leave(peer: Peer): number {
    const { code, playerId } = peer;
    if (code && !playerId) {
      peer.unsubscribe(topics.lobby(code));
      remove(this.lobbies, code, peer);
      peer.code = undefined;
      return 0;
    }
    if (!code || !playerId) return 0;
    peer.unsubscribe(topics.lobby(code));
    peer.unsubscribe(topics.team(code, "blue"));
    peer.unsubscribe(topics.team(code, "red"));
    remove(this.players, playerId, peer);
    remove(this.lobbies, code, peer);
    peer.code = peer.playerId = undefined;
    return this.players.get(playerId)?.size ?? 0;
  }

  emit<E extends ServerEvent>(code: string, to: Audience, event: E, payload: ServerEvents[E]): void {
    // A chat line's frame wraps the JSON its commit made (lobbies/chat-json.ts): the line is encoded once.
    const frame = event === "chat-message" ? `["chat-message",${chatJson(payload as ChatMessage)}]` : encodeFrame(event, payload);
    lineTiming?.mark("encoded");
    if (to.kind === "player") for (const peer of this.players.get(to.playerId) ?? []) peer.send(frame);
    else this.publish(to.kind === "room" ? topics.lobby(code) : topics.team(code, to.team), frame);
    lineTiming?.mark("published");
  }

  seat(code: string, playerId: string, team: Team | "none" | null): void {
    for (const peer of this.connectionsOf(playerId)) {
      if (peer.code !== code) continue;
      if (!team) {
        // Out of the lobby: its connections stop hearing anything and close.
        this.leave(peer);
        peer.close(CLOSE.done, "No longer in this lobby");
        continue;
      }
      for (const other of ["blue", "red"] as const) if (other !== team) peer.unsubscribe(topics.team(code, other));
      if (team !== "none") peer.subscribe(topics.team(code, team));
    }
  }

  close(code: string): void {
    for (const peer of [...(this.lobbies.get(code) ?? [])]) {
      this.leave(peer);
      peer.close(CLOSE.done, "The lobby has ended");
    }
  }

  moved(code: string): void {
    for (const peer of [...(this.lobbies.get(code) ?? [])]) {
      this.leave(peer);
      peer.close(CLOSE.restart, "The lobby moved to another server");
    }
  }
}
