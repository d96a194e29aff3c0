// The page's connection, once the session has opened it; islands read it to send and to show its state.
import { signal, type Signal } from "@preact/signals-react";
import type { Connection } from "./connection";

const pageConnection = signal<Connection | null>(null);

export const useConnection = (): Signal<Connection | null> => pageConnection;
export const setPageConnection = (connection: Connection | null) => {
  pageConnection.value = connection;
};
