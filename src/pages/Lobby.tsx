// Lobby (/lobby/{code}): the invite and the host's controls first, then teams, settings and chat.
import { lobbyIslands } from "../../islands/registry/lobby";
import { useStore } from "../../islands/client/store";
import { Brand } from "./Brand";
import { JoinQr, joinUrl } from "./JoinQr";
import { islandMarker } from "./island";

const Island = islandMarker(lobbyIslands);

export function Lobby({ origin }: { origin: string }) {
  const { code, lobby } = useStore();
  const url = lobby.value ? joinUrl(origin, lobby.value.code) : "";
  return (
    <main>
      <Island name="ConnectionBar" />
      <header className="row spread">
        <Brand />
        <div className="stack header-code">
          <span className="muted">CODE</span>
          <span className="code">{code}</span>
        </div>
      </header>
      <Island name="RoomStatus" />
      {/* The host's first screen on a phone (docs/pages.md "Lobby"): the code above, then the way to
          invite and Start Game with its reason; the teams and the rest follow. A code that names no
          lobby has no one to invite (the page's script sends the visitor home). */}
      {lobby.value && (
      <section className="card invite" aria-labelledby="invite-title">
        <JoinQr url={url} />
        <div className="stack">
          <h2 id="invite-title">Invite friends</h2>
          <p className="muted">
            Scan the code
            <span className="link-or">
              , or open <span className="link-text">{url}</span>
            </span>
          </p>
          <Island name="ShareJoin" props={{ url }} />
          <Island name="LobbyLock" />
        </div>
      </section>
      )}
      <Island name="LobbyActions" />
      <Island name="TeamPanels" className="grid lobby" />
      <div className="grid lobby lobby-lower">
        <Island name="SettingsPanel" />
        <Island name="ChatBox" />
      </div>
      <Island name="OwnQuestions" className="own-wrap" />
      <footer>
        <Island name="HostFooter" />
      </footer>
      <Island name="LobbySwitch" />
    </main>
  );
}
