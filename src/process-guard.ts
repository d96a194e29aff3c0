// The outermost fault boundary (docs/architecture.md "The fault boundary"): each lobby's work
// runs inside its own, so a throw that reaches the process is a bug outside any lobby. It is logged
// with its stack and the process goes on serving every lobby, where by default Bun would exit.
const describe = (err: unknown) => (err instanceof Error ? (err.stack ?? `${err.name}: ${err.message}`) : String(err));

export function keepServingOnFaults(log: (line: string) => void = (line) => console.error(line)): void {
  process.on("uncaughtException", (err) => log(`process: uncaught exception, still serving: ${describe(err)}`));
  process.on("unhandledRejection", (reason) => log(`process: unhandled rejection, still serving: ${describe(reason)}`));
}
