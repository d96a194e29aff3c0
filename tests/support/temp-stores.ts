// A fresh folder for each test and the stores opened in it, all closed and removed after the test.
import { afterEach, beforeEach } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LobbyStore } from "../../src/lobbies/store";

export function useTempStores(prefix: string) {
  let dir = "";
  let open: LobbyStore[] = [];

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), `stealmate-${prefix}-`));
  });

  afterEach(async () => {
    for (const store of open) {
      try {
        await store.close();
      } catch {
        // already closed by the test (a simulated crash or restart)
      }
    }
    open = [];
    rmSync(dir, { recursive: true, force: true });
  });

  return {
    /** A file of this test's folder. */
    path: (name = "lobbies.db") => join(dir, name),
    /** A store on a file of this test's folder, closed after the test. */
    store(name = "lobbies.db", log: (line: string) => void = () => {}): LobbyStore {
      const store = new LobbyStore(join(dir, name), log);
      open.push(store);
      return store;
    },
  };
}
