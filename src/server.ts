// Entry: config -> app -> listen; SIGTERM/SIGINT drain and exit.
import { loadConfig } from "./config";
import { keepServingOnFaults } from "./process-guard";

// React picks its build when first loaded and Bun its JSX runtime when it first compiles a page, so
// the environment is settled before the app (the only importer of React) loads. The development
// build renders a page about 4x slower. Tests import the app directly, under NODE_ENV=test.
process.env.NODE_ENV ??= "production";
const { startApp } = await import("./app");

const config = loadConfig();
const app = await startApp(config);
// Only once serving: a failure to start must still stop the process with its message.
keepServingOnFaults();
console.log(`listening on http://${config.HOST}:${app.port}`);

/** close() waits at most ~1 s for requests under way; past this something is stuck. */
const STOP_DEADLINE_MS = 3000;

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: saving and closing`);
  // Every command is already on disk when it is answered, so a forced exit loses nothing; it is
  // still reported as a failure.
  setTimeout(() => {
    console.error(`${signal}: not closed after ${STOP_DEADLINE_MS} ms, exiting anyway`);
    process.exit(1);
  }, STOP_DEADLINE_MS).unref();
  try {
    await app.close();
  } catch (err) {
    console.error(`${signal}: close failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exit(1);
  }
  process.exit(0);
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
