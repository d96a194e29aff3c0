// Islands (after Fresh and Astro): the server wraps each interactive part of a page in a marker that
// the client hydrates in place. A page takes its markers from its registry (islands/registry), the
// same one its client entry hydrates, so a marker can only name an island that the page's bundle
// holds, with the props that island takes.
import type { ComponentProps, ComponentType } from "react";
import { markerAttributes, type IslandRegistry } from "../../islands/client/marker";

/** An island that takes no props is written without any; one whose props are all optional may be. */
type PropsOf<P> = [keyof P] extends [never] ? { props?: never } : {} extends P ? { props?: P } : { props: P };

/** The marker component of one page's islands: `name` picks the island, `props` are checked against it. */
export function islandMarker<R extends IslandRegistry>(islands: R) {
  return function Island<N extends keyof R & string>({ name, props, className }: { name: N; className?: string } & PropsOf<ComponentProps<R[N]>>) {
    // The props were checked against the island above; rendering needs only that they are props.
    const Component: ComponentType<object> = islands[name]!;
    return (
      <div {...markerAttributes(name, props ?? {})} className={className}>
        <Component {...props} />
      </div>
    );
  };
}
