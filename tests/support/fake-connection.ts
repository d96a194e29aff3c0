// A page's realtime connection that the test speaks for, for the islands' tests of what the session
// does with each server event (islands/client/session.ts wireEvents).
import { signal } from "@preact/signals-react";
import { act } from "react";
import type { Connection } from "../../islands/client/connection";
import type { ServerEvent, ServerEvents } from "../../src/shared/events";

/** A connection the test speaks for: `hear` delivers a server event to the page's handlers. */
export function fakeConnection() {
  const handlers = new Map<string, ((payload: unknown) => void)[]>();
  const connection: Connection = {
    on: (event, fn) => void handlers.set(event, [...(handlers.get(event) ?? []), fn as (payload: unknown) => void]),
    emit: () => {},
    state: signal("online"),
    retryNow: () => {},
    takeOver: () => {},
    close: () => {},
  };
  const hear = <E extends ServerEvent>(event: E, payload: ServerEvents[E]) => act(async () => handlers.get(event)?.forEach((fn) => fn(payload)));
  return { connection, hear };
}
