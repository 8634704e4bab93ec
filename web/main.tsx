// First: zod's settings must exist before any schema is made (see the module).
import "./lib/zod-jitless";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { startTransition, StrictMode, useEffect, type ReactNode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { meKeys, meQueryOptions, type SessionUser } from "./lib/session";
import { detectLanguage, initI18n } from "./lib/i18n";
import { mirrorSavedLanguage } from "./lib/language-detect";
import { hydrateInlinedState } from "./lib/inlined-state";
import { queryClient } from "./lib/query-client";
import { applyTheme, watchSystemTheme } from "./lib/theme";
import { createAppRouter } from "./router";
import "./styles.css";

/**
 * Lets the browser run what waits (a tap, a paint) before the next step of the start: each step is then a
 * task of its own rather than one long one, and a phone's main thread is never held for all of them.
 */
const nextTask = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
};

/** Lifts the inertness index.html gave the worker's first screen once React has taken it over. */
function Interactive({ container, children }: { container: HTMLElement; children: ReactNode }) {
  useEffect(() => container.removeAttribute("inert"), [container]);
  return children;
}

async function start() {
  // The saved language's strings and the session load (in parallel) before the first render, so nobody
  // sees English flash first or a signed-out header flip to signed-in; meanwhile index.html shows a
  // spinner. The router's guards then answer from the cache (its pending UI does not cover beforeLoad
  // on the very first load).
  // Public pages carry their first screen (the session included) in the HTML: those queries start fresh.
  hydrateInlinedState(queryClient);
  mirrorSavedLanguage();
  // A page that came with its session reads in the account's language from the start, as the worker wrote it.
  const account = queryClient.getQueryData<SessionUser | null>(meKeys.session())?.language ?? null;
  // No retries here: a failing session endpoint must not hold the whole page back; the guards retry.
  await Promise.all([initI18n(detectLanguage(account)), queryClient.prefetchQuery({ ...meQueryOptions, retry: false })]);
  applyTheme();
  watchSystemTheme();
  await nextTask();
  const router = createAppRouter(queryClient);
  const container = document.getElementById("root")!;
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
  if (container.hasAttribute("aria-busy")) {
    // A page with the app's frame only. A background render: it yields to the browser every few
    // milliseconds instead of holding the main thread for the whole first render, and the frame stays on
    // screen until React puts the page in its place.
    startTransition(() => createRoot(container).render(app));
  } else {
    // A page the worker wrote with its first screen: React takes over the elements on screen. The router
    // first settles its matches (their code, their guards, their data from the cache) as the worker did,
    // and renders them as it did there (without the Suspense boundary it puts around a page it renders
    // alone), so React finds the same elements.
    router.ssr = { manifest: undefined };
    await nextTask();
    await router.load();
    // Straight on: what the router settled is what the worker rendered, and a task between them could let
    // an answer or a navigation change it before React compares.
    startTransition(() => {
      hydrateRoot(container, <Interactive container={container}>{app}</Interactive>);
    });
  }
  void import("./lib/offline/start").then(({ startOffline }) => startOffline(queryClient));
}

void start();
