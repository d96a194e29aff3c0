// What became of each chat line sent in the killed node's lobbies after the kill: heard back by its
// sender (as the chat event, or in the snapshot's chat history once it came back), and by each of
// its lobby-mates the same way. A line its sender never heard was lost with the node before it was
// acknowledged; a line the sender heard and a lobby-mate never did would be an acknowledged line lost.
import type { Player } from "./player";

export interface LineFates {
  lines: number;
  /** never heard by their sender: gone with the node before they were acknowledged */
  unacknowledged: number;
  /** heard by their sender, but not by every lobby-mate */
  acknowledgedNotHeardByAll: number;
  /** receptions that came only in a snapshot's chat history (the player was away when the line went out) */
  fromSnapshots: number;
}

export class LineBook {
  /** by the line's stamp (its send time, µs apart) */
  private readonly lines = new Map<number, { sender: Player; roomSize: number; heard: Set<Player> }>();
  private fromSnapshots = 0;

  sent(at: number, roomSize: number, sender: Player): void {
    this.lines.set(at, { sender, roomSize, heard: new Set() });
  }

  heard(at: number, by: Player, inSnapshot: boolean): void {
    const line = this.lines.get(at);
    if (!line || line.heard.has(by)) return;
    line.heard.add(by);
    if (inSnapshot) this.fromSnapshots++;
  }

  fates(): LineFates {
    let unacknowledged = 0;
    let acknowledgedNotHeardByAll = 0;
    for (const line of this.lines.values()) {
      if (!line.heard.has(line.sender)) unacknowledged++;
      else if (line.heard.size < line.roomSize) acknowledgedNotHeardByAll++;
    }
    return { lines: this.lines.size, unacknowledged, acknowledgedNotHeardByAll, fromSnapshots: this.fromSnapshots };
  }
}
