import type { DehydratedState } from "@tanstack/query-core";
import type { Language } from "./contract/enums";

/**
 * The module the worker renders a page's first screen with: the app's own render (web/ssr), named by
 * this alias (vite.config.ts, vitest.config.ts) so the worker's code and types stay apart from the
 * browser's (worker/first-screen.d.ts declares it with the type below).
 */
export const FIRST_SCREEN_MODULE = "agora:first-screen";

export type FirstScreenRequest = {
  /** The page's path and query, as the browser asked for it. */
  href: string;
  /** The page's queries, as inlined into its HTML (the same data the browser starts from). */
  state: DehydratedState | undefined;
  language: Language;
  /** The community the reader last chose (the cookie mirroring the browser's choice). */
  currentCommunityId: string | null;
};

/** The first screen's HTML, or null when the page has none to give (see web/ssr/first-screen.tsx). */
export type RenderFirstScreen = (request: FirstScreenRequest) => Promise<string | null>;
