// deploy/haproxy.cfg filled in for a cluster: where to listen, the runtime socket, one server line
// per node in each backend, and the health checks, whose `rise` follows the nodes' move interval.
import { readFileSync } from "node:fs";
import { DEFAULT_MOVE_EVERY_MS } from "../../src/config";

const TEMPLATE = new URL("../../deploy/haproxy.cfg", import.meta.url).pathname;

/** How often HAProxy checks each node, and how many failed checks in a row mark it down. */
export const CHECK_INTER_MS = 500;
export const CHECK_FALL = 2;

export interface HaproxyPlaces {
  /** `host:port` to serve on */
  listen: string;
  adminSocket: string;
  nodes: { id: string; host: string; port: number }[];
  /** the nodes' CLUSTER_MOVE_EVERY_MS: a node that comes back stays out this long (DEFAULT_MOVE_EVERY_MS) */
  moveEveryMs?: number;
}

export function haproxyConfig({ listen, adminSocket, nodes, moveEveryMs = DEFAULT_MOVE_EVERY_MS }: HaproxyPlaces): string {
  // The id fixes each node's place on the hash ring (the template's header says why).
  const lobbyServers = nodes.map((n, i) => `    server ${n.id} ${n.host}:${n.port} id ${i + 1}`);
  const anyServers = nodes.map((n) => `    server ${n.id} ${n.host}:${n.port} track lobby/${n.id}`);
  // A node back sooner than a lobby may move would be sent requests for lobbies it cannot have yet.
  const rise = Math.ceil(moveEveryMs / CHECK_INTER_MS);
  const values: Record<string, string> = {
    LISTEN: listen,
    ADMIN_SOCKET: adminSocket,
    LOBBY_SERVERS: lobbyServers.join("\n"),
    ANY_SERVERS: anyServers.join("\n"),
    CHECK_INTER: `${CHECK_INTER_MS}ms`,
    CHECK_FALL: String(CHECK_FALL),
    CHECK_RISE: String(rise),
  };
  const template = readFileSync(TEMPLATE, "utf8");
  // The header's comments name the places too; only the configuration below them is filled in.
  const start = template.indexOf("\nglobal\n");
  const [header, body] = [template.slice(0, start), template.slice(start)];
  for (const name of Object.keys(values)) if (!body.includes(`{{${name}}}`)) throw new Error(`deploy/haproxy.cfg has no place {{${name}}}`);
  return (
    header +
    body.replace(/\{\{(\w+)\}\}/g, (place, name: string) => {
      const value = values[name];
      if (value === undefined) throw new Error(`deploy/haproxy.cfg has a place ${place} that nothing fills`);
      return value;
    })
  );
}
