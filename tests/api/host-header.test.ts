// The Host header is the client's to write (docs/decisions.md "The Host header: malformed, or short"):
// one that makes no address is a 400 of one line, with nothing logged, never Bun's development page
// (which showed the working directory, file paths and source lines); and routing does not depend
// on its length: behind a Host of three characters or fewer (a machine named "vm"), Elysia took
// part of the path for the host and served /api/lobby/CODE as the lobby page.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startTestApp, type TestApp } from "../support/app";
import { createLobby } from "../support/rest";

let app: TestApp;
const logged: string[] = [];

beforeAll(async () => {
  app = await startTestApp({ ALLOWED_HOSTS: "vm,v" }, { log: (line) => logged.push(line) });
});
afterAll(() => app.dispose());

/** One request as written, on its own connection; the answer's status line, headers and body as they came. */
async function raw(request: string): Promise<{ status: number; head: string; body: string }> {
  const { hostname, port } = new URL(app.url);
  let received = "";
  const { promise, resolve } = Promise.withResolvers<void>();
  const socket = await Bun.connect({
    hostname,
    port: Number(port),
    socket: {
      data(_, chunk) {
        received += chunk.toString();
      },
      close: () => resolve(),
      end: () => resolve(),
    },
  });
  socket.write(request);
  await Promise.race([promise, Bun.sleep(2000)]);
  socket.end();
  const [head = "", body = ""] = received.split("\r\n\r\n", 2);
  return { status: Number(head.split(" ")[1]), head, body };
}

for (const [what, request] of [
  ["a port that is no number", "GET / HTTP/1.1\r\nHost: localhost:abc\r\nConnection: close\r\n\r\n"],
  ["a port past 65535", "GET /api/lobby/ABCD HTTP/1.1\r\nHost: 127.0.0.1:99999\r\nConnection: close\r\n\r\n"],
  ["an empty Host", "GET / HTTP/1.1\r\nHost: \r\nConnection: close\r\n\r\n"],
  ["HTTP/1.0 without a Host", "GET / HTTP/1.0\r\n\r\n"],
] as const) {
  test(`${what}: 400 of one line, nothing of the server shown or logged`, async () => {
    const before = logged.length;
    const answer = await raw(request);
    expect(answer.status).toBe(400);
    expect(answer.body.length).toBeLessThan(200);
    expect(answer.body).not.toContain(process.cwd());
    expect(logged.slice(before)).toEqual([]);
  });
}

for (const host of ["vm", "v", "vm."]) {
  test(`a short Host (${host}) routes by the path: the API answers the API's call`, async () => {
    const { code } = await createLobby(app);
    const answer = await raw(`GET /api/lobby/${code} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    expect(answer.status).toBe(200);
    expect(answer.head.toLowerCase()).toContain("content-type: application/json");
    expect(answer.body).toContain(`"code":"${code}"`);
  });
}
