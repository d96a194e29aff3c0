// Home (/): host a room, join one, learn how to play. Opened by an invite link (/?join=CODE) it is a
// join page first (docs/pages.md "Home"): the form for that lobby on top, the host card folded below.
import type { Invite } from "../../islands/InviteJoin";
import { homeIslands } from "../../islands/registry/home";
import { islandMarker } from "./island";
import { Brand } from "./Brand";

const Island = islandMarker(homeIslands);

export function Home({ invite }: { invite?: Invite }) {
  const host = (
    <section className="card" aria-labelledby="host-title">
      <h2 id="host-title">Start a new room</h2>
      <Island name="HostCard" />
    </section>
  );
  return (
    <main>
      <Brand />
      <Island name="FlashNotice" />
      {invite ? <Island name="InviteJoin" props={invite} /> : <Island name="SeatReturn" />}
      {!invite && (
        <p className="tagline">
          The team quiz where you can bet on your rivals. AI-powered questions and answer checking, and you can create custom categories.
        </p>
      )}
      <div className="grid home">
        {invite ? (
          // Folded, so a guest does not host a room of their own by mistake; open when there is nothing to join.
          <details className="host-fold" open={invite.status === "missing"}>
            <summary>Or start your own room</summary>
            {host}
          </details>
        ) : (
          <>
            {host}
            <section className="card" aria-labelledby="join-title">
              <h2 id="join-title">Join a lobby</h2>
              <Island name="JoinCard" />
            </section>
          </>
        )}
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
              <b>Lock in or steal.</b> Anyone on your team may lock in its one answer, or steal: bet that the other team got it right. The first lock counts; an answer typed but not locked in does not. The round ends when both teams have locked in or time runs out.
            </li>
            <li>
              <b>Score.</b> Each round, by what the teams did:
            </li>
          </ol>
          {/* The scoring table as the rules apply it (src/game/scoring.ts). */}
          <table className="scoring">
            <thead>
              <tr>
                <th scope="col">Your team</th>
                <th scope="col">The other team</th>
                <th scope="col">You get</th>
                <th scope="col">They get</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>answers</td>
                <td>answers</td>
                <td>+1 if right</td>
                <td>+1 if right</td>
              </tr>
              <tr>
                <td>steals</td>
                <td>answered right</td>
                <td>+2</td>
                <td>0</td>
              </tr>
              <tr>
                <td>steals</td>
                <td>answered wrong, or not at all</td>
                <td>0</td>
                <td>+2</td>
              </tr>
              <tr>
                <td>steals</td>
                <td>steals</td>
                <td>0</td>
                <td>0</td>
              </tr>
              <tr>
                <td>no answer</td>
                <td>answers</td>
                <td>0</td>
                <td>+1 if right</td>
              </tr>
            </tbody>
          </table>
          <p className="muted">
            <b>Duels:</b> everyone for themself. Each round you face another player on the same question, scored by the same table, you against them.
          </p>
          <p className="muted">
            <b>Tournament:</b> a knockout bracket drawn at random. Each match is best of three questions (level after three: sudden death); win and go through, lose and watch the rest.
          </p>
        </section>
      </div>
    </main>
  );
}
