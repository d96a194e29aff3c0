// Which node holds each lobby, as Redis says (docs/cluster.md "Keys": sm:lobby:<CODE>'s owner is
// "<node id>:<incarnation>"): the spread of lobbies over the nodes, and the lobbies a node takes
// down with it when it is killed.
import { RedisClient } from "bun";
import { keys } from "../../src/cluster/scripts";

const SCAN_COUNT = "1000";

/** Each node's lobby codes, by node id. */
export async function lobbiesByNode(redisUrl: string): Promise<Map<string, string[]>> {
  const client = new RedisClient(redisUrl, { autoReconnect: false });
  try {
    const codes: string[] = [];
    let cursor = "0";
    do {
      const [nextCursor, found] = (await client.send("SCAN", [cursor, "MATCH", keys.lobby("*"), "COUNT", SCAN_COUNT])) as [string, string[]];
      cursor = nextCursor;
      codes.push(...found.map((key) => key.slice(keys.lobby("").length)));
    } while (cursor !== "0");
    const owners = await Promise.all(codes.map((code) => client.hget(keys.lobby(code), "owner")));
    const byNode = new Map<string, string[]>();
    codes.forEach((code, i) => {
      const node = owners[i]?.split(":")[0] || "(none)";
      const held = byNode.get(node) ?? [];
      held.push(code);
      byNode.set(node, held);
    });
    return byNode;
  } finally {
    client.close();
  }
}
