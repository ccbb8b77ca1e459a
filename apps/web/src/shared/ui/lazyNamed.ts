import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/**
 * A component that downloads with its first render (React.lazy) from a module that exports it by name:
 * `lazyNamed(() => import("./Panel.tsx"), "Panel")`. Render it inside a Suspense boundary.
 */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own bound: any component, whatever its props.
export function lazyNamed<K extends string, C extends ComponentType<any>>(
  load: () => Promise<{ [key in NoInfer<K>]: C }>,
  name: K,
): LazyExoticComponent<C> {
  return lazy(async () => ({ default: (await load())[name] }));
}
