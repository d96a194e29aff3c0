// The page's socket, once the session has connected it; islands read it to send.
import { signal, type Signal } from "@preact/signals-react";
import type { Socket } from "socket.io-client";

const pageSocket = signal<Socket | null>(null);

export const useSocket = (): Signal<Socket | null> => pageSocket;
export const setPageSocket = (socket: Socket | null) => {
  pageSocket.value = socket;
};
