// A restart costs no one their time (docs/decisions.md "The host runs the room"): while serving, the
// server writes the time to a small file a few times a second; the next start reads it and knows
// when the last one stopped, whether it drained on SIGTERM (a last beat as it closes) or was killed
// (the last beat, at most one interval old). Each open round then gets that downtime back: its
// deadline moves by it, as for a step of the wall clock (clock-rules.ts shifted). Deadlines stay
// absolute, so the rest of the restart path is the same. One machine only: a cluster's lobbies move to
// another node in seconds (docs/cluster.md "Failover"), and their deadlines stand.
import { readFileSync, writeFileSync } from "node:fs";
import { shifted } from "../game/clock-rules";
import type { LobbyState } from "../game/types";
import type { Clock } from "./clock";

/** How often the time is written: what a kill -9 may cost a round, at most. */
export const HEARTBEAT_MS = 250;

export class Heartbeat {
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly path: string,
    private readonly clock: Pick<Clock, "now">,
    private readonly log: (line: string) => void,
  ) {}

  /** How long the server was down: now minus the last beat written; 0 on a first start or an unreadable file. */
  downtime(): number {
    let last: number;
    try {
      last = Number(readFileSync(this.path, "utf8").trim());
    } catch {
      return 0;
    }
    // A torn or foreign file, or a wall clock set back since, gives nothing back rather than a wrong amount.
    if (!Number.isFinite(last) || last <= 0) return 0;
    return Math.max(0, this.clock.now() - last);
  }

  start(): void {
    this.beat();
    this.timer = setInterval(() => this.beat(), HEARTBEAT_MS);
    this.timer.unref();
  }

  /** The last beat, written as the server stops: a drained restart gives back exactly the time it was off. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.beat();
  }

  private beat(): void {
    try {
      writeFileSync(this.path, String(this.clock.now()));
    } catch (err) {
      // A full disk already refuses commands (storage-fault.ts); a restart then gives back less time.
      this.log(`heartbeat: could not write ${this.path}: ${String(err)}`);
    }
  }
}

/**
 * The lobby as it resumes after `downMs` of downtime: an open round (running or paused) gets the time
 * back; a lobby with no round open is returned as it was (nothing to save again).
 */
export function afterDowntime(state: LobbyState, downMs: number): LobbyState {
  if (downMs <= 0 || state.game?.phase !== "question" || !state.game.currentRound) return state;
  return shifted(state, downMs);
}
