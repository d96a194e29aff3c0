// Which node of a cluster answered (docs/cluster.md): every answer names it in X-Stealmate-Node, so
// whoever looks at a page, a refusal or a load balancer's check can tell where the proxy sent it.
// Outside a cluster no answer carries it.

export const NODE_HEADER = "x-stealmate-node";

/** The header as a record, for answers built with their headers (the event stream, the upgrade's 101); undefined outside a cluster. */
export const nodeHeaders = (nodeId: string | undefined): Record<string, string> | undefined => (nodeId === undefined ? undefined : { [NODE_HEADER]: nodeId });

/** Sets the header on an answer already built; outside a cluster, hands it back untouched. */
export function nodeStamp(nodeId: string | undefined): (response: Response) => Response {
  if (nodeId === undefined) return (response) => response;
  return (response) => {
    response.headers.set(NODE_HEADER, nodeId);
    return response;
  };
}
