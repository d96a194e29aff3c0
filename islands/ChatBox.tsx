// Room and team chat: All/Team toggle, a list that follows the newest message, Enter sends.
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef, useState } from "react";
import { CHAT_MAX } from "../src/game/settings";
import { chatVisibleTo } from "../src/game/views";
import { useStore } from "./client/store";
import { Refusal } from "./client/refusal";
import { useConnection } from "./client/socket-context";

export default function ChatBox() {
  useSignals();
  const store = useStore();
  const connection = useConnection();
  const [text, setText] = useState("");
  const list = useRef<HTMLDivElement>(null);
  const me = store.me.value;
  // The quizmaster (no team) speaks to the room only.
  const mode = me?.team === null ? "game" : store.chatMode.value;
  const messages = me ? store.chat.value.filter((m) => chatVisibleTo(m, me.team)) : store.chat.value.filter((m) => m.chatType === "game");

  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length]);

  function send() {
    const message = text.trim();
    if (!message || !connection.value) return;
    store.chatError.value = null;
    connection.value.emit("chat-message", { lobbyCode: store.code ?? undefined, message, playerId: me?.id, playerName: me?.name, team: me?.team, chatType: mode });
    setText("");
  }

  return (
    <section className="card stack" aria-labelledby="chat-title">
      <div className="row spread">
        <h2 id="chat-title">Chat</h2>
        {/* The quizmaster (no team) has the room's chat only. */}
        {me?.team !== null && (
          <div className="toggle" role="group" aria-label="Chat audience">
            <button type="button" aria-pressed={mode === "game"} onClick={() => (store.chatMode.value = "game")}>
              All
            </button>
            <button type="button" aria-pressed={mode === "team"} onClick={() => (store.chatMode.value = "team")}>
              Team
            </button>
          </div>
        )}
      </div>
      <div className="chat-list" ref={list} role="log" aria-live="polite">
        {messages.length === 0 ? (
          <p className="muted">No messages yet</p>
        ) : (
          messages.map((m) => (
            <div key={`${m.timestamp}-${m.playerId}-${m.message.length}`} className={`msg ${m.team}-m`}>
              <span className="badge">{m.chatType === "game" ? "ALL" : "TEAM"}</span> <b><bdi>{m.playerName}</bdi></b>: <bdi>{m.message}</bdi>
            </div>
          ))
        )}
      </div>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <input
          aria-label="Chat message"
          className="chat-input"
          dir="auto"
          maxLength={CHAT_MAX}
          placeholder={mode === "team" ? "Type a team message..." : "Type a room message..."}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            // Enter without Shift sends; the form's own Enter submit is taken over so Shift+Enter does not.
            if (e.key === "Enter") {
              e.preventDefault();
              if (!e.shiftKey) send();
            }
          }}
        />
        <button type="submit" className="primary" disabled={!text.trim()}>
          Send
        </button>
      </form>
      <Refusal message={store.chatError.value} />
    </section>
  );
}
