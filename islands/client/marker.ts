// An island's marker: the element the server wraps an island in and the client hydrates in place. It
// names the island (a key of its page's registry, islands/registry) and carries the island's props
// when it takes any; most islands take none and read everything from the page's store.
import type { ComponentType } from "react";

/** A page's islands by the name their markers carry. */
export type IslandRegistry = Record<string, ComponentType<any>>;

const NAME = "data-island";
const PROPS = "data-props";

/** The marker's attributes, written by the server. */
export function markerAttributes(name: string, props: object): Record<string, string> {
  return Object.keys(props).length === 0 ? { [NAME]: name } : { [NAME]: name, [PROPS]: JSON.stringify(props) };
}

/** Every marker in the document. */
export const findMarkers = (doc: Document) => doc.querySelectorAll<HTMLElement>(`[${NAME}]`);

/** The island a marker holds, by its name in the page's registry (the data-island attribute). */
export const markerName = (el: HTMLElement) => el.dataset.island!;

/** The props the server wrote on a marker (the data-props attribute). */
export const markerProps = (el: HTMLElement): object => JSON.parse(el.dataset.props ?? "{}") as object;
