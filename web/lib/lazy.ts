import { lazy, type ComponentType } from "react";

/**
 * React.lazy plus a preload() to start fetching the chunk on hover or focus, so a dropdown's contents are
 * usually there by the time it opens, without weighing on the first page load.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyWithPreload<T extends ComponentType<any>>(factory: () => Promise<{ default: T }>) {
  let pending: Promise<{ default: T }> | null = null;
  const load = () => (pending ??= factory());
  return Object.assign(lazy(load), { preload: load });
}
