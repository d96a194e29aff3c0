// Durable lobbies in SQLite (WAL). The lobby's state is one JSON row; chat is appended as rows,
// because rewriting a hundred messages per chat line would make the busiest command the costliest.
import { Database } from "bun:sqlite";
import { CHAT_HISTORY } from "../game/settings";
import type { ChatMessage, LobbyState } from "../game/types";

export interface StoredLobby {
  state: LobbyState;
  updatedAt: number;
}

export class LobbyStore {
  private readonly db: Database;
  private readonly appendsSincePrune = new Map<string, number>();
  private readonly q;

  constructor(path: string) {
    this.db = new Database(path, { create: true, strict: true });
    this.db.run("PRAGMA journal_mode = WAL");
    // NORMAL in WAL survives a crashed or killed process; FULL would also survive power loss at a
    // cost of one fsync per command, which a Pi's SD card cannot pay at chat rates.
    this.db.run("PRAGMA synchronous = NORMAL");
    this.db.run("PRAGMA busy_timeout = 5000");
    this.db.run("CREATE TABLE IF NOT EXISTS lobbies (code TEXT PRIMARY KEY, state TEXT NOT NULL, updated_at INTEGER NOT NULL)");
    this.db.run("CREATE TABLE IF NOT EXISTS chat (id INTEGER PRIMARY KEY AUTOINCREMENT, code TEXT NOT NULL, body TEXT NOT NULL)");
    this.db.run("CREATE INDEX IF NOT EXISTS chat_by_lobby ON chat (code, id)");
    this.q = {
      save: this.db.prepare("INSERT INTO lobbies (code, state, updated_at) VALUES (?, ?, ?) ON CONFLICT(code) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at"),
      touch: this.db.prepare("UPDATE lobbies SET updated_at = ? WHERE code = ?"),
      removeLobby: this.db.prepare("DELETE FROM lobbies WHERE code = ?"),
      removeChat: this.db.prepare("DELETE FROM chat WHERE code = ?"),
      append: this.db.prepare("INSERT INTO chat (code, body) VALUES (?, ?)"),
      prune: this.db.prepare("DELETE FROM chat WHERE code = ? AND id <= (SELECT id FROM chat WHERE code = ? ORDER BY id DESC LIMIT 1 OFFSET ?)"),
      all: this.db.prepare("SELECT code, state, updated_at FROM lobbies"),
      recentChat: this.db.prepare("SELECT body FROM (SELECT id, body FROM chat WHERE code = ? ORDER BY id DESC LIMIT ?) ORDER BY id"),
    };
  }

  save(state: LobbyState, now: number): void {
    const { chat: _chat, ...rest } = state;
    this.q.save.run(state.code, JSON.stringify(rest), now);
  }

  appendChat(code: string, message: ChatMessage, now: number): void {
    this.db.transaction(() => {
      this.q.append.run(code, JSON.stringify(message));
      this.q.touch.run(now, code);
    })();
    const count = (this.appendsSincePrune.get(code) ?? 0) + 1;
    // Pruning every append would double the cost of chat; every few dozen keeps the table bounded.
    if (count < CHAT_HISTORY / 2) return void this.appendsSincePrune.set(code, count);
    this.appendsSincePrune.set(code, 0);
    this.q.prune.run(code, code, CHAT_HISTORY);
  }

  remove(code: string): void {
    this.db.transaction(() => {
      this.q.removeLobby.run(code);
      this.q.removeChat.run(code);
    })();
    this.appendsSincePrune.delete(code);
  }

  loadAll(): StoredLobby[] {
    const rows = this.q.all.all() as { code: string; state: string; updated_at: number }[];
    return rows.map((row) => {
      const chat = (this.q.recentChat.all(row.code, CHAT_HISTORY) as { body: string }[]).map((c) => JSON.parse(c.body) as ChatMessage);
      return { state: { ...(JSON.parse(row.state) as Omit<LobbyState, "chat">), chat }, updatedAt: row.updated_at };
    });
  }

  close(): void {
    this.db.close();
  }
}
