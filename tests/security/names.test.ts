// The attack: with "Hana" seated, "Hаna" (Cyrillic а), "Hana" plus a zero-width space and
// "Hana" plus a word joiner were all accepted. Names are now NFKC, without invisible characters,
// and unique on their confusable skeleton (Unicode TR39).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { call, startTestApp, type TestApp } from "../support/app";
import { createLobby, joinLobby } from "../support/rest";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.dispose());

const join = (code: string, playerName: string) => call(app, "POST", "/api/lobby/join", { body: { code, playerName } });

test("look-alikes of a seated name are refused clearly; the seated name is shown as it was", async () => {
  const { code } = await createLobby(app, "Hana");
  for (const twin of ["H\u0430na", "Hana\u200b", "Ha\u2060na", "\uff28\uff41\uff4e\uff41", "\u0397ana", "hana\u00ad"]) {
    const res = await join(code, twin);
    expect({ twin, status: res.status }).toEqual({ twin, status: 409 });
    expect(res.body.message).toMatch(/^That name is taken in this lobby/);
  }
  expect((await join(code, "HANA")).body.message).toBe("That name is taken in this lobby");
  expect((await join(code, "H\u0430na")).body.message).toBe("That name is taken in this lobby: it looks like “Hana”");
  // Different names still get in, and a name is kept without its invisibles.
  await joinLobby(app, code, "Hanna");
  const res = await join(code, "Kai\u200b");
  expect(res.status).toBe(200);
  expect([...res.body.lobby.blueTeam, ...res.body.lobby.redTeam].map((p: { name: string }) => p.name).sort()).toEqual(["Hana", "Hanna", "Kai"]);
  // A name of nothing but invisibles is no name.
  expect((await join(code, "\u200b\u2060")).status).toBe(400);
});
