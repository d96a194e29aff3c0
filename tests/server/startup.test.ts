// What `bun run start` prints: the addresses to open, one plain line each, and a terminal QR code
// only on a terminal; and a bad PUBLIC_URL or TLS setting stops it with one line naming the variable.
import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { startupLines, terminalQr } from "../../src/startup-lines";
import { removeDir, spawnServer, tempDataDir } from "../chaos/support";
import { fakeLan, lanOrigin } from "../support/lan";

const ROOT = join(import.meta.dir, "../..");
const dirs: string[] = [];
const dataDir = () => {
  const dir = tempDataDir();
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach(removeDir));

describe("start-up lines", () => {
  test("listening on every interface: the local address and each network address", () => {
    const { lines, phoneUrl } = startupLines({ host: "0.0.0.0", port: 3000, tls: false, publicUrl: undefined, interfaces: fakeLan });
    expect(lines).toEqual(["listening on http://0.0.0.0:3000", "  Local:   http://localhost:3000", `  Network: ${lanOrigin(3000)}`, "  Network: http://172.17.0.1:3000"]);
    expect(phoneUrl).toBe(lanOrigin(3000));
  });

  test("PUBLIC_URL replaces the network addresses; TLS makes them https", () => {
    const { lines, phoneUrl } = startupLines({ host: "0.0.0.0", port: 443, tls: true, publicUrl: new URL("https://stealmate.example.org"), interfaces: fakeLan });
    expect(lines).toEqual(["listening on https://0.0.0.0:443", "  Local:   https://localhost:443", "  Public:  https://stealmate.example.org (PUBLIC_URL)"]);
    expect(phoneUrl).toBe("https://stealmate.example.org");
  });

  test("a loopback HOST has no network address and nothing for phones", () => {
    const { lines, phoneUrl } = startupLines({ host: "127.0.0.1", port: 3000, tls: false, publicUrl: undefined, interfaces: fakeLan });
    expect(lines).toEqual(["listening on http://127.0.0.1:3000", "  Local:   http://127.0.0.1:3000"]);
    expect(phoneUrl).toBeUndefined();
  });

  test("a terminal gets the address as a QR code of text blocks", async () => {
    const qr = await terminalQr(lanOrigin(3000));
    expect(qr.split("\n")[0]).toBe(`  Scan to open ${lanOrigin(3000)}`);
    expect(qr).toContain("▄");
    expect(qr.split("\n").length).toBeGreaterThan(10);
  });
});

/** The whole output of a server started with `env`, stopped once it has printed its start-up lines. */
async function startupOutput(env: Record<string, string>) {
  const server = await spawnServer(dataDir(), 0, env);
  const { code } = await server.signal("SIGTERM");
  expect(code).toBe(0);
  return { port: server.port, lines: server.output().split("\n") };
}

describe("the real server's start-up, in a log (not a terminal)", () => {
  test("HOST=127.0.0.1: the local address, no network address, no QR code", async () => {
    const { port, lines } = await startupOutput({});
    expect(lines.slice(0, 3)).toEqual([`listening on http://127.0.0.1:${port}`, `  Local:   http://127.0.0.1:${port}`, "SIGTERM: saving and closing"]);
  });

  test("HOST=127.0.0.1 with PUBLIC_URL: the public address follows, no QR code in a log", async () => {
    const { port, lines } = await startupOutput({ PUBLIC_URL: "http://stealmate.local:3000/" });
    expect(lines.slice(0, 4)).toEqual([`listening on http://127.0.0.1:${port}`, `  Local:   http://127.0.0.1:${port}`, "  Public:  http://stealmate.local:3000 (PUBLIC_URL)", "SIGTERM: saving and closing"]);
  });
});

test("on a terminal (a pseudo-terminal made by util-linux's script), the QR code of the phones' address follows", async () => {
  const url = "http://stealmate.local:3000";
  const drawing = await terminalQr(url);
  const env = { ...process.env, PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir(), PUBLIC_URL: url };
  const proc = Bun.spawn(["script", "-qec", `${process.execPath} run src/server.ts`, "/dev/null"], { cwd: ROOT, env, stdin: "pipe", stdout: "pipe", stderr: "pipe" });
  let raw = "";
  let text = "";
  const decoder = new TextDecoder();
  // Ends the output (and so the wait) if the drawing never comes; the assertions then say what did.
  const guard = setTimeout(() => proc.kill("SIGKILL"), 15_000);
  try {
    for await (const chunk of proc.stdout) {
      raw += decoder.decode(chunk, { stream: true });
      // A terminal ends its lines with \r\n.
      text = raw.replace(/\r\n/g, "\n");
      if (text.includes(drawing)) break;
    }
  } finally {
    clearTimeout(guard);
    proc.kill("SIGKILL");
  }
  expect(text).toContain(`  Public:  ${url} (PUBLIC_URL)\n${drawing}`);
  expect(drawing.split("\n").filter((l) => l.includes("▄")).length).toBeGreaterThan(10);
}, 20_000);

describe("configuration errors stop start-up with one line naming the variable", () => {
  const start = async (env: Record<string, string>) => {
    const proc = Bun.spawn([process.execPath, "run", "src/server.ts"], { cwd: ROOT, env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir(), ...env }, stdout: "pipe", stderr: "pipe" });
    const [code, out, err] = await Promise.all([proc.exited, new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
    return { code, out, err: err.trim() };
  };

  test("a PUBLIC_URL that is no address, or has a path", async () => {
    expect(await start({ PUBLIC_URL: "stealmate.local" })).toEqual({ code: 1, out: "", err: 'invalid configuration: PUBLIC_URL: must be an address such as http://stealmate.local:3000, not "stealmate.local"' });
    const withPath = await start({ PUBLIC_URL: "ftp://stealmate.local/game" });
    expect(withPath.code).toBe(1);
    expect(withPath.err).toStartWith("invalid configuration: PUBLIC_URL: must be http:// or https://");
  });

  test("TLS_CERT without TLS_KEY, and a TLS_KEY that names no file", async () => {
    const cert = join(ROOT, "package.json");
    expect(await start({ TLS_CERT: cert })).toEqual({ code: 1, out: "", err: "invalid configuration: TLS_KEY: must be set too when TLS_CERT is (a PEM file)" });
    expect(await start({ TLS_CERT: cert, TLS_KEY: "/nonexistent/key.pem" })).toEqual({ code: 1, out: "", err: "invalid configuration: TLS_KEY: cannot read the file /nonexistent/key.pem (ENOENT)" });
  });
});
