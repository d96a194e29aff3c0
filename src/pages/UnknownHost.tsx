// The page for a Host name the server does not answer to (src/api/hosts.ts): in the product's own
// look, for whoever runs the server, naming the setting that lets the name in. No script, nothing
// of any lobby.
import { renderPage } from "./render";
import { htmlResponse } from "./static";

function UnknownHost({ name }: { name: string }) {
  return (
    <main>
      <section className="card stack unknown-host" aria-labelledby="host-title">
        <h1 id="host-title">This server does not answer to “{name}”</h1>
        <p>
          Stealmate answers to IP addresses, <code>localhost</code>, this machine’s own name and the names home networks give it (such as <code>raspberrypi.local</code>, <code>pi.lan</code> or <code>pi.fritz.box</code>). “{name}” looks like a public name, which
          another site could point at this machine, so it is refused.
        </p>
        <p>
          <b>Running this server?</b> If players reach it as {name}, add that name to the <code>ALLOWED_HOSTS</code> setting (names separated by commas), or set <code>PUBLIC_URL</code> to that address, and restart the server.
        </p>
      </section>
    </main>
  );
}

/** What a browser shows for a refused name (403). */
export function refusedHost(name: string, acceptEncoding: string): Response {
  // Only what a host name may hold is shown back.
  const safe = name.replace(/[^a-z0-9.:-]/g, "").slice(0, 253);
  return htmlResponse(renderPage(null, { page: "home", code: null, lobby: null, now: 0 }, <UnknownHost name={safe} />), acceptEncoding, 403);
}
