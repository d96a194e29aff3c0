// The socket.io packages the bench's peers run on. They are no dependency of Stealmate's (docs/bench.md "Method"):
// the bench installs them into its cache on first use (peer-deps.ts) and passes the folder on as
// PEER_DEPS, where each peer and the load generator load them from.
import { createRequire } from "node:module";
import { peerPackages } from "./peer-deps";

export const SOCKETIO_PACKAGES = ["socket.io@4.8.4", "socket.io-client@4.8.4", "@socket.io/bun-engine@0.1.2"];

/** Installs them when missing; the folder to pass on as PEER_DEPS. */
export const socketioPackages = () => peerPackages("socketio", SOCKETIO_PACKAGES);

/** `require` from the folder in PEER_DEPS, for a peer or the generator started with it. */
export function peerRequire(): NodeJS.Require {
  const dir = process.env.PEER_DEPS;
  if (!dir) throw new Error("PEER_DEPS is not set: run the socket.io peers through bun run bench");
  return createRequire(`${dir}/`);
}
