// Bun has no EventSource, which the page's fallback link (islands/client/stream-link.ts) uses. The
// tests, the chaos suite and the soak drive that link from Bun, so they import this first: the
// eventsource package's EventSource, also sending the request headers the link passes along (a
// test's Origin), which no browser's EventSource takes.
import { EventSource as Polyfill } from "eventsource";

class EventSourceWithHeaders extends Polyfill {
  constructor(url: string | URL, init?: { headers?: Record<string, string> }) {
    const headers = init?.headers;
    super(url, { fetch: (input, options) => fetch(input, { ...options, headers: { ...options.headers, ...headers } }) });
  }
}

if (!("EventSource" in globalThis)) Object.assign(globalThis, { EventSource: EventSourceWithHeaders });
