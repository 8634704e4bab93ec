import type { InferDataFromTag, QueryKey } from "@tanstack/react-query";

/**
 * Writing into the query cache. What is cached has the contract's types, and a write must fail typecheck
 * when it names a field those types no longer have (a field renamed in the contract), or the screen
 * quietly shows nothing where the field was. TypeScript checks the keys of an object literal only where
 * the literal meets a declared type, never in what an arrow function returns: `setQueryData(key, (old) =>
 * ({ ...old, gone: 1 }))` compiles. So a cache write is a value of the cached type already (an answer, an
 * item kept as it was), a change made with `patch`, or a literal in a place with a declared type (an
 * argument, or the return of a function whose return type is written out).
 */

/** `current` with `changes`; a key its type does not have, or a value of another type, fails typecheck. */
export function patch<T extends object, K extends keyof T>(current: T, changes: Pick<T, K>): T {
  return { ...current, ...changes };
}

type Options = { queryKey: QueryKey };
type KeyOf<O> = O extends (...args: never[]) => { queryKey: infer K } ? K : O extends { queryKey: infer K } ? K : never;

/**
 * What a query's options (or the function that makes them) keep under their key, read from the key's data
 * tag: the type to write there, e.g. `setQueryData<CachedData<typeof postQueryOptions>>(key, …)` for a key
 * found by prefix, which carries no tag of its own.
 */
export type CachedData<O extends Options | ((...args: never[]) => Options)> = InferDataFromTag<
  unknown,
  Extract<KeyOf<O>, QueryKey>
>;
