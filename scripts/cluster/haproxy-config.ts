// deploy/haproxy.cfg filled in for a cluster: where to listen, the runtime socket, and one server
// line per node in each backend.
import { readFileSync } from "node:fs";

const TEMPLATE = new URL("../../deploy/haproxy.cfg", import.meta.url).pathname;

export interface HaproxyPlaces {
  /** `host:port` to serve on */
  listen: string;
  adminSocket: string;
  nodes: { id: string; host: string; port: number }[];
}

export function haproxyConfig({ listen, adminSocket, nodes }: HaproxyPlaces): string {
  // The id fixes each node's place on the hash ring (the template's header says why).
  const lobbyServers = nodes.map((n, i) => `    server ${n.id} ${n.host}:${n.port} id ${i + 1}`);
  const anyServers = nodes.map((n) => `    server ${n.id} ${n.host}:${n.port} track lobby/${n.id}`);
  const values: Record<string, string> = { LISTEN: listen, ADMIN_SOCKET: adminSocket, LOBBY_SERVERS: lobbyServers.join("\n"), ANY_SERVERS: anyServers.join("\n") };
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
