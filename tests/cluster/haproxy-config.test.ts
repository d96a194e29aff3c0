// deploy/haproxy.cfg as scripts/cluster/haproxy-config.ts fills it: HAProxy 2.6 itself (`haproxy
// -c`) accepts the result, and every place of the template is filled.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { haproxyConfig } from "../../scripts/cluster/haproxy-config";
import { program } from "../../scripts/cluster/probes";

const dir = mkdtempSync(join(tmpdir(), "stealmate-haproxy-cfg-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const nodes = [
  { id: "n1", host: "10.0.0.11", port: 3000 },
  { id: "n2", host: "10.0.0.12", port: 3000 },
  { id: "n3", host: "10.0.0.13", port: 3000 },
];

describe("the HAProxy configuration", () => {
  test("haproxy -c accepts it as filled in", () => {
    const path = join(dir, "haproxy.cfg");
    writeFileSync(path, haproxyConfig({ listen: "127.0.0.1:8080", adminSocket: join(dir, "admin.sock"), nodes }));
    const check = Bun.spawnSync([program("haproxy"), "-c", "-f", path], { stdout: "pipe", stderr: "pipe" });
    expect(`${check.stdout}${check.stderr}`).toContain("Configuration file is valid");
    expect(check.exitCode).toBe(0);
  });

  test("every place is filled: one server line per node in each backend, each with its own id on the ring", () => {
    const config = haproxyConfig({ listen: "127.0.0.1:8080", adminSocket: "/run/haproxy/admin.sock", nodes });
    const body = config.slice(config.indexOf("\nglobal\n"));
    expect(body).not.toContain("{{");
    expect(body).toContain("    bind 127.0.0.1:8080\n");
    expect(body.match(/^ {4}server .*$/gm)).toEqual([
      "    server n1 10.0.0.11:3000 id 1",
      "    server n2 10.0.0.12:3000 id 2",
      "    server n3 10.0.0.13:3000 id 3",
      "    server n1 10.0.0.11:3000 track lobby/n1",
      "    server n2 10.0.0.12:3000 track lobby/n2",
      "    server n3 10.0.0.13:3000 track lobby/n3",
    ]);
    expect(body).toContain("    default-server check inter 500ms fall 2 rise 20 on-marked-down shutdown-sessions\n");
  });

  test("a node that comes back stays out as long as a lobby may not move: rise follows CLUSTER_MOVE_EVERY_MS", () => {
    const rise = (moveEveryMs: number) => haproxyConfig({ listen: "127.0.0.1:8080", adminSocket: "/run/haproxy/admin.sock", nodes, moveEveryMs }).match(/ rise (\d+) /)![1];
    expect(rise(3_000)).toBe("6");
    expect(rise(10_000)).toBe("20");
    expect(rise(2_100)).toBe("5");
  });
});
