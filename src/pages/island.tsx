// Islands (after Fresh and Astro): the server wraps each interactive part in a marker and collects
// its props; the page writes all props once, and the client hydrates each marker in place.
import { createContext, useContext, type ComponentType } from "react";

export interface IslandCollector {
  props: unknown[];
}

export const IslandContext = createContext<IslandCollector | null>(null);

export function Island<P extends object>({ name, component: Component, props, className }: { name: string; component: ComponentType<P>; props: P; className?: string }) {
  const collector = useContext(IslandContext);
  if (!collector) throw new Error("Island rendered outside a page");
  const index = collector.props.push(props) - 1;
  return (
    <div data-island={name} data-i={index} className={className}>
      <Component {...props} />
    </div>
  );
}
