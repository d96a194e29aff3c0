// What a connection's frames do, whichever transport carries them: authenticate, validate, and hand
// commands to the lobby service. Everything players hear about a lobby comes back through Rooms from
// the rules' effects; only the transport's own answers (errors, snapshots) are sent from here.
import { blankChat } from "../game/lobby-rules";
import { playerSnapshot, watcherSnapshot } from "../game/views";
import { OTHER_LOBBY, routedTo } from "../access/routed-lobby";
import { checkSeat } from "../access/seats";
import type { Tokens } from "../access/tokens";
import type { LobbyService } from "../lobbies/service";
import { clientSchemas, type ClientEvent } from "../shared/events";
import { CLOSE, decodeFrame, encodeFrame, type Decoded } from "../shared/wire";
import { TOO_MANY_REQUESTS, type RateLimiter } from "../access/rate-limit";
import type { LobbyState } from "../game/types";
import type { Outcome } from "../game/outcome";
import { FloodGuard, FloodGuards, worse, type Verdict } from "./flood-guard";
import { lineTiming } from "./line-timing";
import type { Peer } from "./peer";
import type { Rooms } from "./rooms";

/** What one address, and one player, may do (docs/decisions.md "Keeping strangers out"). */
export interface RealtimeLimits {
  /** the address's budget of code look-ups, shared with the REST calls and pages */
  lookups: RateLimiter;
  /** connections one address may hold open */
  connectionsPerAddress: number;
  /** frames one address may send per second, bursts of twice that, cut off after ten times that dropped */
  eventsPerAddressPerSecond: number;
  /** snapshots one connection may ask for per minute, bursts of 3 */
  snapshotsPerMinute: number;
  /** bytes a connection may leave unread before it is closed (docs/contract.md "Backpressure and liveness") */
  queuedBytesPerConnection: number;
}

export interface HandlerDeps {
  service: LobbyService;
  tokens: Tokens;
  rooms: Rooms;
  log: (line: string) => void;
  limits: RealtimeLimits;
}

/** Frames per player: 20 a second, bursts of 40, cut off after 200 dropped (what one phone's page never comes near). */
const perPlayer = () => new FloodGuard(20, 40, 200);

type Parsed<E extends ClientEvent> = ReturnType<(typeof clientSchemas)[E]["parse"]>;

export class Handlers {
  /** set while the server goes down: connections closing then are not players leaving */
  closing = false;
  /** every open connection, seated or not */
  readonly peers = new Set<Peer>();
  /** open connections per address */
  private readonly perAddress = new Map<string, number>();
  private readonly playerFloods = new FloodGuards(perPlayer);
  /** per address: the frames of its connections without a seat, and apart, of its seated ones */
  private readonly addressFloods: FloodGuards;
  private readonly seatedFloods: FloodGuards;
  /** the shared screen's snapshot of each lobby state, encoded once however many screens ask */
  private readonly watcherFrames = new WeakMap<LobbyState, string>();
  private emptied: () => void = () => {};
  /** connections closed for not reading what they were sent, since the start */
  private fellBehind = 0;

  constructor(private readonly deps: HandlerDeps) {
    const rate = deps.limits.eventsPerAddressPerSecond;
    const perAddress = () => new FloodGuard(rate, rate * 2, rate * 10);
    this.addressFloods = new FloodGuards(perAddress);
    this.seatedFloods = new FloodGuards(perAddress);
  }

  /** Whether an address may open one more connection (its transport answers 429 if not). */
  admits(address: string): boolean {
    return (this.perAddress.get(address) ?? 0) < this.deps.limits.connectionsPerAddress;
  }

  /** A transport opened a connection. */
  opened(peer: Peer): void {
    this.peers.add(peer);
    // The connection's own budget of snapshots: bursts of 3, never a reason to cut it off.
    peer.snapshots = new FloodGuard(this.deps.limits.snapshotsPerMinute / 60, 3, Number.POSITIVE_INFINITY);
    this.perAddress.set(peer.address, (this.perAddress.get(peer.address) ?? 0) + 1);
  }

  /** Resolves once no connection is open. */
  drained(): Promise<void> {
    return this.peers.size === 0 ? Promise.resolve() : new Promise((resolve) => (this.emptied = resolve));
  }

  /**
   * One frame as received: text, or (always malformed) binary. Frames are handled in the order they
   * came: while a join-lobby's token is checked, or a command is committed, the frames behind it wait.
   */
  frame(peer: Peer, data: string | Uint8Array): void {
    if (!peer.live) return;
    lineTiming?.arrived();
    peer.heard(Date.now());
    // A seated connection's frames count against its player and its address's seated budget, at
    // their turn (run()); the others' against a budget of their own, so a flood from a connection
    // without a seat cannot silence the players behind the same router (docs/decisions.md "The holes
    // behind the budgets").
    if (!peer.playerId && !this.withinBudget(peer, this.addressFloods.check(peer.address))) return;
    const decoded = typeof data === "string" ? decodeFrame(data) : ({ ok: false, event: "" } as const);
    // A closure only for a frame that has to wait: most run at once (docs/bench.md "Allocations per chat line").
    const next = peer.queue ? peer.queue.then(() => this.run(peer, decoded)) : this.run(peer, decoded);
    lineTiming?.done();
    if (!next) return;
    const queue: Promise<void> = next.then(() => {
      if (peer.queue === queue) peer.queue = null;
    });
    peer.queue = queue;
  }

  /** "drop": the frame is ignored; "cut": the connection is closed too. */
  private withinBudget(peer: Peer, verdict: Verdict): boolean {
    if (verdict === "ok") return true;
    if (verdict === "cut") {
      this.deps.log(`realtime: a connection of ${peer.playerId ?? "no player"} cut off for flooding`);
      peer.close(CLOSE.violation, "Too many events");
    }
    return false;
  }

  /**
   * A frame's turn: a malformed one closes the connection, a valid one goes to its handler. The
   * player's budget is checked here, not on arrival: frames sent right behind a join-lobby wait for
   * its seat, and are then the player's like any other.
   */
  private run(peer: Peer, decoded: Decoded): Promise<void> | void {
    if (!peer.live) return;
    // A player id is a random UUID, unique across lobbies: the key needs no lobby code, and no string is built per frame.
    if (peer.playerId && !this.withinBudget(peer, worse(this.seatedFloods.check(peer.address), this.playerFloods.check(peer.playerId)))) return;
    if (!decoded.ok) {
      peer.emit("socket-error", { event: decoded.event, message: "Malformed frame" });
      return peer.close(CLOSE.violation, "Malformed frame");
    }
    try {
      return this.handle(peer, decoded.event, decoded.payload);
    } catch (err) {
      this.deps.log(`realtime: ${decoded.event} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    }
  }

  /** The transport lost the connection, or closed it. */
  gone(peer: Peer): void {
    peer.open = false;
    if (this.peers.delete(peer)) {
      const left = (this.perAddress.get(peer.address) ?? 1) - 1;
      if (left > 0) this.perAddress.set(peer.address, left);
      else this.perAddress.delete(peer.address);
    }
    if (peer.fellBehind) this.deps.log(`realtime: a connection of ${peer.playerId ?? "no player"} closed for not reading what it was sent (${++this.fellBehind} since the start)`);
    // The server going down is not the player leaving: nothing is recorded, no one is told.
    if (!this.closing) this.unseat(peer);
    if (this.peers.size === 0) this.emptied();
  }

  /**
   * Every event a client may send, with its schema (src/shared/events.ts) and what it does: the one
   * table the dispatch and the validation both come from. The compiler holds it to the contract.
   */
  private readonly events: { [E in ClientEvent]: { schema: (typeof clientSchemas)[E]; handle: (peer: Peer, data: Parsed<E>) => Promise<void> | void } } = {
    "join-lobby": { schema: clientSchemas["join-lobby"], handle: (peer, data) => this.join(peer, data).catch((err: unknown) => this.deps.log(`realtime: join-lobby failed: ${String(err)}`)) },
    "leave-lobby": { schema: clientSchemas["leave-lobby"], handle: (peer) => this.unseat(peer) },
    "chat-message": { schema: clientSchemas["chat-message"], handle: (peer, data) => this.chat(peer, data) },
    "watch-lobby": { schema: clientSchemas["watch-lobby"], handle: (peer, data) => this.watch(peer, data) },
    "lobby-updated": { schema: clientSchemas["lobby-updated"], handle: (peer) => this.snapshotAsked(peer) },
    // Any frame shows the connection is alive (frame() notes it); the heartbeat's answer says no more.
    heartbeat: { schema: clientSchemas.heartbeat, handle: () => {} },
  };

  /** Unknown events are ignored, as an older server ignores a newer page's. */
  private handle(peer: Peer, event: string, payload: unknown): Promise<void> | void {
    if (!Object.hasOwn(this.events, event)) return;
    const entry = this.events[event as ClientEvent];
    const parsed = entry.schema.safeParse(payload);
    if (!parsed.success) return peer.emit("socket-error", { event, message: "Invalid payload" });
    return (entry.handle as (peer: Peer, data: unknown) => Promise<void> | void)(peer, parsed.data);
  }

  private async join(peer: Peer, input: Parsed<"join-lobby">): Promise<void> {
    const { service, tokens, rooms } = this.deps;
    const seat = await checkSeat(tokens, service, input.token, peer.routed);
    // Gone while the token was checked: its unseat has already run, so seating it now would leave a
    // dead connection in the rooms and the player shown connected for good.
    if (!peer.live) return;
    if (!seat.ok) {
      // A lobby on its way to this server: the page reconnects, as after a restart.
      if (seat.later) return peer.close(CLOSE.restart, seat.message);
      peer.emit("socket-error", { event: "join-lobby", message: seat.message });
      return peer.close(CLOSE.done, "Join refused");
    }
    const { claims, state, player } = seat;
    if (peer.playerId !== claims.sub) this.unseat(peer);
    rooms.enter(peer, state.code, claims.sub, player.team);
    // A second tab with the same token replaces the first, so a player is never seated twice; the
    // older tab is told, so it can say so and offer to take the seat back instead of going quiet.
    for (const older of rooms.connectionsOf(claims.sub)) {
      if (older === peer) continue;
      older.emit("session-replaced", { lobbyCode: state.code });
      rooms.leave(older);
      older.close(CLOSE.done, "Replaced by a newer connection");
    }
    // The snapshot follows the presence's commit, so it shows the player back.
    await service.dispatch(state.code, { type: "presence", playerId: claims.sub, connected: true });
    if (peer.live) this.sendSnapshot(peer);
  }

  /** The shared screen: no token, no seat; only what the whole room may see. */
  private async watch(peer: Peer, input: Parsed<"watch-lobby">): Promise<void> {
    if (!routedTo(peer.routed, input.code)) {
      peer.emit("socket-error", { event: "watch-lobby", message: OTHER_LOBBY });
      return peer.close(CLOSE.done, "Watch refused");
    }
    // Each watch answers a whole snapshot for a few bytes: it spends the connection's snapshots, as
    // asking for one does; past them the connection goes on watching, without a new one.
    if (peer.snapshots?.check() !== "ok") return peer.emit("socket-error", { event: "watch-lobby", message: TOO_MANY_REQUESTS });
    // Watching looks a code up, as the REST call and the pages do: no walking through every code.
    if (!this.deps.limits.lookups.allow(peer.address)) {
      peer.emit("socket-error", { event: "watch-lobby", message: TOO_MANY_REQUESTS });
      return peer.close(CLOSE.done, "Watch refused");
    }
    // Without the `lobby` parameter the proxy chose this node by round robin: a watch from there
    // must not make it claim the lobby from the node that plays it, or anyone knowing a code could
    // keep the lobby moving (docs/cluster.md "Routing"). It watches a lobby held here, or none.
    const claim = peer.routed === null ? null : this.deps.service.ensure(input.code);
    const unreachable = claim && (await claim);
    if (!peer.live) return;
    if (unreachable) return peer.close(CLOSE.restart, unreachable.message);
    const state = this.deps.service.get(input.code);
    if (!state) {
      peer.emit("socket-error", { event: "watch-lobby", message: "This lobby has ended" });
      return peer.close(CLOSE.done, "Watch refused");
    }
    this.deps.rooms.leave(peer);
    this.deps.rooms.watch(peer, state.code);
    this.sendSnapshot(peer);
  }

  /**
   * Answered in order: when the commit is not answered at once, the frames behind it on this
   * connection wait for it (see frame()).
   */
  private chat(peer: Peer, input: Parsed<"chat-message">): Promise<void> | void {
    lineTiming?.mark("validated");
    const { code, playerId } = peer;
    if (!code || !playerId) return peer.emit("socket-error", { event: "chat-message", message: "Join a lobby first" });
    if (blankChat(input.message)) return;
    const outcome = this.deps.service.dispatch(code, { type: "chat", playerId, message: input.message, chatType: input.chatType });
    if (outcome instanceof Promise) return outcome.then((later) => this.chatAnswered(peer, later));
    this.chatAnswered(peer, outcome);
  }

  private chatAnswered(peer: Peer, outcome: Outcome): void {
    if (!outcome.ok) peer.emit("socket-error", { event: "chat-message", message: outcome.message });
  }

  /** Leaves the seat's rooms; the player is away once no connection of theirs remains. */
  private unseat(peer: Peer): void {
    const { code, playerId } = peer;
    if (code && !playerId) return void this.deps.rooms.leave(peer);
    if (!code || !playerId) return;
    if (this.deps.rooms.leave(peer) === 0) void this.deps.service.dispatch(code, { type: "presence", playerId, connected: false });
  }

  /** Each snapshot is a whole lobby for a few bytes asked: limited per connection and per address. */
  private snapshotAsked(peer: Peer): void {
    if (!peer.code) return;
    if (peer.snapshots?.check() !== "ok" || !this.deps.limits.lookups.allow(peer.address)) return peer.emit("socket-error", { event: "lobby-updated", message: TOO_MANY_REQUESTS });
    this.sendSnapshot(peer);
  }

  /** The client has read what was queued for it (the transport's drain): a snapshot it was owed goes now, as the lobby is now. */
  caughtUp(peer: Peer): void {
    if (peer.backlog() > 0) return;
    peer.caughtUp = Date.now();
    if (peer.snapshotOwed && peer.live) {
      peer.snapshotOwed = false;
      this.sendSnapshot(peer);
    }
  }

  /**
   * A snapshot is the whole lobby: to a client that has not read what came before, it waits until
   * it has, and however many were asked meanwhile it gets one, of the lobby as it is then.
   */
  private sendSnapshot(peer: Peer): void {
    if (peer.backlog() > 0) {
      peer.snapshotOwed = true;
      return;
    }
    const { code, playerId } = peer;
    const state = code ? this.deps.service.get(code) : undefined;
    if (!state) return;
    if (!playerId) return peer.send(this.watcherFrame(state));
    const snapshot = playerSnapshot(state, playerId);
    if (snapshot) peer.emit("lobby-updated", { ...snapshot, updateType: "snapshot" });
  }

  /** The same for every screen watching this state of the lobby: encoded once (states are replaced, never changed). */
  private watcherFrame(state: LobbyState): string {
    let frame = this.watcherFrames.get(state);
    if (!frame) this.watcherFrames.set(state, (frame = encodeFrame("lobby-updated", { ...watcherSnapshot(state), updateType: "snapshot" })));
    return frame;
  }
}
