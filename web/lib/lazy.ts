import { lazy, type ComponentType } from "react";

/**
 * React.lazy plus a preload() to start fetching the chunk on hover or focus, so a dropdown's contents are
 * usually there by the time it opens, without weighing on the first page load.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyWithPreload<T extends ComponentType<any>>(factory: () => Promise<{ default: T }>) {
  let pending: Promise<{ default: T }> | null = null;
  let loaded: { default: T } | null = null;
  const load = () =>
    (pending ??= factory().then((module) => {
      loaded = module;
      return module;
    }));
  // Once its code has come, the component renders at once: React takes a thenable that answers
  // synchronously as loaded, so a preloaded chunk never shows its fallback for a frame.
  const component = lazy(() =>
    loaded ? ({ then: (resolve: (m: { default: T }) => void) => resolve(loaded!) } as Promise<{ default: T }>) : load(),
  );
  return Object.assign(component, { preload: load });
}
