// Home (/): host a room, join one, learn how to play.
import { homeIslands } from "../../islands/registry/home";
import { islandMarker } from "./island";
import { Brand } from "./Brand";

const Island = islandMarker(homeIslands);

export function Home() {
  return (
    <main>
      <Brand />
      <Island name="FlashNotice" />
      <Island name="SeatReturn" />
      <p className="tagline">
        The team quiz where you can bet on your rivals. AI-powered questions and answer checking, and you can create custom categories.
      </p>
      <div className="grid home">
        <section className="card" aria-labelledby="host-title">
          <h2 id="host-title">Start a new room</h2>
          <Island name="HostCard" />
        </section>
        <section className="card" aria-labelledby="join-title">
          <h2 id="join-title">Join a lobby</h2>
          <Island name="JoinCard" />
        </section>
        <section className="card" aria-labelledby="how-title">
          <h2 id="how-title">How to Play</h2>
          <ol className="how">
            <li>
              <b>Gather.</b> The host opens a room; friends join with the 4-letter code and split into Blue and Red.
            </li>
            <li>
              <b>Huddle.</b> Each round a question appears. Plot in your team chat, bluff in the room chat.
            </li>
            <li>
              <b>Lock in or steal.</b> The captain locks in your team's answer, or chooses to steal after sizing up whether the other team got it right.
            </li>
            <li>
              <b>Score.</b> A correct answer is +1. A successful steal (they were right) is +2 to you; a failed steal (they were wrong) is +2 to them.
            </li>
          </ol>
        </section>
      </div>
      <Island name="JoinDialog" />
    </main>
  );
}
