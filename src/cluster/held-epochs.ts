// The lobbies this node holds in Redis, each with the epoch it holds it at (docs/cluster.md "Owning a
// lobby"): the ownership writes it when it claims or gives one up, the store reads it to fence every
// commit, so a node that lost a lobby can no longer write it.

interface Held {
  epoch: string;
  /** when (performance.now()) it came to this node from another; never, for one created here */
  movedAt: number;
}

export class HeldEpochs {
  private readonly held = new Map<string, Held>();

  epoch(code: string): string | undefined {
    return this.held.get(code)?.epoch;
  }

  /** A lobby created here, at its first epoch. */
  created(code: string): void {
    this.held.set(code, { epoch: "1", movedAt: Number.NEGATIVE_INFINITY });
  }

  /** A lobby claimed at this epoch: it moved now, unless it was already here. */
  claimed(code: string, epoch: string): void {
    const previous = this.held.get(code);
    this.held.set(code, { epoch, movedAt: previous ? previous.movedAt : performance.now() });
  }

  /** Whether the lobby may be handed over now: it has not moved in the last `quietMs`. */
  settled(code: string, quietMs: number): boolean {
    const held = this.held.get(code);
    return held !== undefined && performance.now() - held.movedAt >= quietMs;
  }

  forget(code: string): void {
    this.held.delete(code);
  }

  /** Every lobby held here is forgotten: the lease they were held under is gone. */
  clear(): void {
    this.held.clear();
  }
}
