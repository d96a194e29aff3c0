// Each page marks exactly the islands its registry lists (so its bundle carries none the page never
// hydrates), writes props only on the markers of islands that take them, and inlines the minified
// stylesheet.
import { beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createElement, type ReactNode } from "react";
import type { PageData, PageName } from "../../islands/client/store";
import { gameIslands } from "../../islands/registry/game";
import { homeIslands } from "../../islands/registry/home";
import { lobbyIslands } from "../../islands/registry/lobby";
import { tvIslands } from "../../islands/registry/tv";
import { lobbyView } from "../../src/game/views";
import { Game } from "../../src/pages/Game";
import { Home } from "../../src/pages/Home";
import { joinUrl } from "../../src/pages/JoinQr";
import { Lobby } from "../../src/pages/Lobby";
import { loadManifest } from "../../src/pages/build";
import { renderPage } from "../../src/pages/render";
import { Tv } from "../../src/pages/Tv";
import { lobby } from "../support/builders";

const ORIGIN = "https://stealmate.test";

// Pages inline the built stylesheet, as the server does once it has loaded (or made) the build.
beforeAll(async () => void (await loadManifest()));

function render(page: PageName, body: ReactNode): string {
  const data: PageData = { page, code: page === "home" ? null : "ABCD", lobby: page === "home" ? null : lobbyView(lobby()), now: 0 };
  return renderPage(null, data, body);
}

/** Each marker's island name and props, in page order. */
const markers = (html: string) =>
  [...html.matchAll(/<div data-island="(\w+)"(?: data-props="([^"]*)")?/g)].map(([, name, props]) => ({ name: name!, props: props === undefined ? null : JSON.parse(props.replaceAll("&quot;", '"')) }));

const INVITE = { code: "ABCD", status: "open" } as const;
/** Each page's renders: the home page as itself and as the invite link's page (/?join=CODE). */
const pages = [
  { page: "home", islands: homeIslands, bodies: [createElement(Home), createElement(Home, { invite: INVITE })] },
  { page: "lobby", islands: lobbyIslands, bodies: [createElement(Lobby, { origin: ORIGIN })] },
  { page: "game", islands: gameIslands, bodies: [createElement(Game)] },
  { page: "tv", islands: tvIslands, bodies: [createElement(Tv, { origin: ORIGIN })] },
] as const;

describe("island markers", () => {
  for (const { page, islands, bodies } of pages) {
    test(`the ${page} page marks every island of its registry and no other`, () => {
      const names = bodies.flatMap((body) => markers(render(page, body)).map((m) => m.name));
      expect([...new Set(names)].sort()).toEqual(Object.keys(islands).sort());
    });
  }

  test("only the islands that take props carry them", () => {
    const withProps = pages.flatMap(({ page, bodies }) => bodies.flatMap((body) => markers(render(page, body)).filter((m) => m.props !== null).map((m) => [page, m.name, m.props])));
    expect(withProps).toEqual([
      ["home", "InviteJoin", INVITE],
      ["lobby", "ShareJoin", { url: joinUrl(ORIGIN, "ABCD") }],
      ["game", "SoundToggle", { screen: "phone" }],
      ["tv", "SoundToggle", { screen: "tv" }],
      ["tv", "LobbyLock", { screen: "tv" }],
    ]);
  });
});

test("pages inline the stylesheet minified: no comments, no line breaks, smaller than its source", () => {
  const css = render("home", createElement(Home)).match(/<style>([\s\S]*?)<\/style>/)![1]!;
  const source = readFileSync(join(import.meta.dir, "../../src/pages/styles.css"), "utf8");
  expect(css).not.toContain("/*");
  expect(css).not.toContain("\n");
  expect(css).toContain(".brand{");
  expect(css.length).toBeLessThan(source.length * 0.8);
});
