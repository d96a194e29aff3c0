// The flaw: the data folder was 755 and the database 644 under umask 022, so any local
// user could read every lobby's chat. Now the folder is 0700 and the database files 0600.
import { afterEach, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { call, startTestApp, type TestApp } from "../support/app";

let app: TestApp | undefined;
afterEach(async () => {
  await app?.dispose();
  app = undefined;
});

const mode = (path: string) => statSync(path).mode & 0o777;

test("DATA_DIR is 0700 and the database, its WAL and shared memory 0600, under umask 022", async () => {
  const parent = mkdtempSync(join(tmpdir(), "stealmate-perm-"));
  const dir = join(parent, "data");
  const old = process.umask(0o022);
  try {
    app = await startTestApp({}, {}, dir);
    // A command writes through the WAL.
    expect((await call(app, "POST", "/api/lobby/create", { body: { playerName: "Rio" } })).status).toBe(200);
  } finally {
    process.umask(old);
  }
  expect(mode(dir)).toBe(0o700);
  const db = join(dir, "stealmate.sqlite");
  for (const file of [db, `${db}-wal`, `${db}-shm`]) {
    expect(existsSync(file)).toBe(true);
    expect(mode(file)).toBe(0o600);
  }
  rmSync(parent, { recursive: true, force: true });
});
