// The SSR peer: Express 4 on Node rendering Stealmate's own lobby and game pages (src/pages Lobby,
// Game and Document, the same store and island markers) with react-dom/server's renderToString, from
// lobby snapshots taken from the running Stealmate. The bench bundles this file for Node with Bun.build and runs it
// with `node`; express and compression come from the folder the bench installed them into.
//
// env: PEER_DEPS (folder with node_modules/express), PEER_DATA (JSON: PeerData), PORT
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { renderToString } from "react-dom/server";
import type { LobbyView } from "../../src/game/views";
import { createStore, StoreContext, type PageData } from "../../islands/client/store";
import type { Assets } from "../../src/pages/document";
import { Document, scriptJson } from "../../src/pages/document";
import { Game } from "../../src/pages/Game";
import { Lobby } from "../../src/pages/Lobby";
import { normalizeCode } from "../../src/game/settings";

export interface PeerData {
  /** the address Stealmate's pages were asked at: its join QR code holds it, so the pages match */
  origin: string;
  /** lobby views by code */
  lobbies: Record<string, LobbyView>;
  /** the page CSS exactly as Stealmate inlines it */
  css: string;
  assets: Record<"lobby" | "game", Assets | null>;
}

const req = createRequire(`${process.env.PEER_DEPS}/`);
const express = req("express") as any;
const compression = req("compression") as any;
const data = JSON.parse(readFileSync(process.env.PEER_DATA!, "utf8")) as PeerData;

/** The same render as src/pages/render.tsx: the page in its document, in one pass. */
function render(name: "lobby" | "game", code: string): string {
  const page: PageData = { page: name, code, lobby: data.lobbies[code] ?? null, now: Date.now() };
  const doc = renderToString(
    <Document title={`Stealmate · ${code}`} css={data.css} pageJson={scriptJson(page)} assets={data.assets[name]}>
      <div id="app">
        <StoreContext.Provider value={createStore(page)}>{name === "lobby" ? <Lobby origin={data.origin} /> : <Game />}</StoreContext.Provider>
      </div>
    </Document>,
  );
  return `<!doctype html>${doc}`;
}

const app = express();
// What Stealmate's pages do too: no ETag on no-store pages, and no advertising header.
app.set("etag", false);
app.disable("x-powered-by");
app.use(compression());
for (const name of ["lobby", "game"] as const) {
  app.get(`/${name}/:code`, (request: any, response: any) => {
    const code = normalizeCode(String(request.params.code)).slice(0, 8);
    response.set({ "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    response.send(render(name, code));
  });
}

const server = app.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
