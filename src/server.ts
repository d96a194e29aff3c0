// Entry: config -> app -> listen; SIGTERM/SIGINT drain and exit.
import { loadConfig, type Config } from "./config";
import { keepServingOnFaults } from "./process-guard";
import { startupLines, terminalQr } from "./startup-lines";

// React picks its build when first loaded and Bun its JSX runtime when it first compiles a page, so
// the environment is settled before the app (the only importer of React) loads. The development
// build renders a page about 4x slower. Tests import the app directly, under NODE_ENV=test.
process.env.NODE_ENV ??= "production";
const { startApp } = await import("./app");

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  // One line naming the variable, not a stack trace.
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
const app = await startApp(config);
// Only once serving: a failure to start must still stop the process with its message.
keepServingOnFaults();

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

// Announced only once a signal would drain: whoever reads these lines may stop the server at once.
const { lines, phoneUrl } = startupLines({ host: config.HOST, port: app.port, tls: config.tls !== undefined, publicUrl: config.publicUrl });
for (const line of lines) console.log(line);
if (process.stdout.isTTY && phoneUrl) console.log(await terminalQr(phoneUrl));
