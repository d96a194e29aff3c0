// Lobby (/lobby/{code}): teams, settings, chat and the host's controls.
import ChatBox from "../../islands/ChatBox";
import ConnectionBar from "../../islands/ConnectionBar";
import HostFooter from "../../islands/HostFooter";
import LobbyActions from "../../islands/LobbyActions";
import OwnQuestions from "../../islands/OwnQuestions";
import SettingsPanel from "../../islands/SettingsPanel";
import TeamPanels from "../../islands/TeamPanels";
import { useStore } from "../../islands/client/store";
import ShareJoin from "../../islands/ShareJoin";
import { Brand } from "./Brand";
import { JoinQr, joinUrl } from "./JoinQr";
import { Island } from "./island";

export function Lobby({ origin }: { origin: string }) {
  const { code, lobby } = useStore();
  const url = lobby.value ? joinUrl(origin, lobby.value.code) : "";
  return (
    <main>
      <Island name="ConnectionBar" component={ConnectionBar} props={{}} />
      <header className="row spread">
        <Brand />
        <div className="stack" style={{ gap: 0, alignItems: "flex-end" }}>
          <span className="muted">CODE</span>
          <span className="code">{code}</span>
        </div>
      </header>
      <Island name="TeamPanels" component={TeamPanels} props={{}} className="grid lobby" />
      <div className="grid lobby" style={{ marginTop: 16 }}>
        <Island name="SettingsPanel" component={SettingsPanel} props={{}} />
        <Island name="ChatBox" component={ChatBox} props={{}} />
      </div>
      <Island name="OwnQuestions" component={OwnQuestions} props={{}} className="own-wrap" />
      {/* A code that names no lobby has no one to invite (the page's script sends the visitor home). */}
      {lobby.value && (
      <section className="card invite" aria-labelledby="invite-title">
        <JoinQr url={url} />
        <div className="stack">
          <h2 id="invite-title">Invite friends</h2>
          <p className="muted">
            Scan the code, or open <span className="link-text">{url}</span>
          </p>
          <Island name="ShareJoin" component={ShareJoin} props={{ url }} />
        </div>
      </section>
      )}
      <Island name="LobbyActions" component={LobbyActions} props={{}} />
      <footer>
        <Island name="HostFooter" component={HostFooter} props={{}} />
      </footer>
    </main>
  );
}
