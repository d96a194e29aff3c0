// The pages' renderer (screens.tsx) loads at the first page asked for, not at start: React's server
// renderer, the page components and their islands are about 4 MB of an idle server's memory
// (docs/bench.md "Idle RSS, module by module"). The first page waits for the load once; every
// page after it is rendered in the same turn as before.
type Screens = typeof import("./screens");

let loaded: Screens | null = null;
let loading: Promise<Screens> | null = null;

/** `use` given the screens: at once once they are loaded, after loading them the first time. */
export function withScreens<T>(use: (screens: Screens) => T): T | Promise<T> {
  if (loaded) return use(loaded);
  loading ??= import("./screens").then((screens) => (loaded = screens));
  return loading.then(use);
}

/** A response, or its promise, finished by `finish`. */
export const then = <T, U>(value: T | Promise<T>, finish: (value: T) => U | Promise<U>): U | Promise<U> => (value instanceof Promise ? value.then(finish) : finish(value));
