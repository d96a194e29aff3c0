// The party screen (/tv/{code}): the stage on the left, the way in on the right (QR code, address,
// code), for a TV or laptop the whole room can see. No seat, no token: only what the room may see.
import { duelTvIslands } from "../../islands/registry/duel-tv";
import { tournamentTvIslands } from "../../islands/registry/tournament-tv";
import { tvIslands } from "../../islands/registry/tv";
import { useStore } from "../../islands/client/store";
import { Brand } from "./Brand";
import { islandMarker } from "./island";
import { JoinQr, joinUrl } from "./JoinQr";
import { TooMany } from "./TooMany";

const Island = islandMarker(tvIslands);
const DuelIsland = islandMarker(duelTvIslands);
const TournamentIsland = islandMarker(tournamentTvIslands);

export function Tv({ origin }: { origin: string }) {
  const { code, lobby } = useStore();
  // The route serves this page only for a lobby that exists, so its code is a valid one.
  const url = joinUrl(origin, lobby.value?.code ?? "");
  const [scheme, host] = [origin.slice(0, origin.indexOf("//")), origin.slice(origin.indexOf("//") + 2)];
  return (
    <main className="tv">
      <Island name="ConnectionBar" />
      <header className="row spread">
        <Brand />
        <Island name="SoundToggle" props={{ screen: "tv" }} />
      </header>
      <Island name="RoomStatus" />
      <div className="tv-body">
        {/* A Duel's stage has its own islands and bundle (docs/decisions.md "Duels"); the markers around it are the same in both bundles. */}
        {lobby.value?.mode === "tournament" ? (
          <TournamentIsland name="TournamentStage" className="tv-stage" />
        ) : lobby.value?.mode ? (
          <DuelIsland name="DuelStage" className="tv-stage" />
        ) : (
          <Island name="TvStage" className="tv-stage" />
        )}
        <aside className="tv-join card stack center" aria-label="How to join">
          <JoinQr url={url} className="tv-qr" />
          <p className="muted">Scan to join, or go to</p>
          {/* A long address breaks after the scheme, never inside the host or port. */}
          <p className="link-text">
            {`${scheme}//`}
            <wbr />
            {host}
          </p>
          <p className="muted">and enter the code</p>
          <p className="code">{code}</p>
          <Island name="LobbyLock" props={{ screen: "tv" }} />
        </aside>
      </div>
    </main>
  );
}

/** Watching counts against the address's look-ups, as every page of a code does. */
export const TvRefused = () => <TooMany className="tv" />;

/** A code that names no lobby: said plainly, with the way home. */
export function TvNotFound({ code }: { code: string }) {
  return (
    <main className="tv">
      <Brand />
      <section className="card stack center">
        <h2 className="big">{`No lobby ${code}`}</h2>
        <p className="muted">That code names no open lobby. It may have ended, or the code may be mistyped.</p>
        <a className="button ghost" href="/">
          Go to the home page
        </a>
      </section>
    </main>
  );
}
