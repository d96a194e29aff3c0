// Entry: config -> app -> listen; SIGTERM/SIGINT drain and exit.
import { startApp } from "./app";
import { loadConfig } from "./config";

const config = loadConfig();
const app = await startApp(config);
console.log(`listening on http://${config.HOST}:${app.port}`);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: saving and closing`);
  await app.close();
  process.exit(0);
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
