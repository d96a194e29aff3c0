// Types for socketio-relay.mjs, which Node runs as plain JavaScript.
import type { Server } from "socket.io";
export declare function relay(io: Server): void;
