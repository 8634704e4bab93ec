import type { QueryClient } from "@tanstack/react-query";
import i18n from "i18next";
import { toast } from "../toast";
import { SKIP_WAITING } from "./cache-names";

/** Whether this build runs a service worker: production builds, or the dev server when asked to. */
export const serviceWorkerEnabled = () =>
  "serviceWorker" in navigator && (import.meta.env.PROD || import.meta.env.VITE_DEV_SERVICE_WORKER === "1");

function offerReload(waiting: ServiceWorker) {
  toast({
    title: i18n.t("pwa.updateAvailable"),
    action: { label: i18n.t("pwa.reload"), onClick: () => waiting.postMessage(SKIP_WAITING) },
  });
}

/**
 * Resolves once the page has loaded and its first screen has settled: no request of its data in flight,
 * then an idle moment of the main thread (at most 10 s on, should something keep asking). The first
 * install downloads the whole app, some two hundred files; started at the load event, it ran while the
 * first screen was still taking over the page and asking for its data, and took the CPU from both
 * (bench/README, "The page's own work and the machine's").
 */
function afterFirstScreen(queryClient: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    let stop: (() => void) | undefined;
    const finish = () => {
      if (!stop) return;
      stop();
      stop = undefined;
      if ("requestIdleCallback" in window) requestIdleCallback(() => resolve(), { timeout: 2000 });
      else setTimeout(resolve, 0);
    };
    const whenQuiet = () => {
      const unsubscribe = queryClient.getQueryCache().subscribe(() => {
        if (queryClient.isFetching() === 0) finish();
      });
      const timer = setTimeout(finish, 10_000);
      stop = () => {
        unsubscribe();
        clearTimeout(timer);
      };
      if (queryClient.isFetching() === 0) finish();
    };
    if (document.readyState === "complete") whenQuiet();
    else window.addEventListener("load", whenQuiet, { once: true });
  });
}

/**
 * Registers /sw.js. A new version installs in the background and waits; the person is offered a reload,
 * and only their choice switches every open tab to it (a silent switch could swap the app's files under
 * a half-written post).
 */
export async function registerServiceWorker(queryClient: QueryClient): Promise<void> {
  if (!serviceWorkerEnabled()) return;
  await afterFirstScreen(queryClient);
  // The first worker takes control without a reload; only a later change of controller is an update.
  let hadController = !!navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (hadController) window.location.reload();
    hadController = true;
  });
  const registration = await navigator.serviceWorker.register("/sw.js", {
    type: import.meta.env.PROD ? "classic" : "module",
  });
  if (registration.waiting && navigator.serviceWorker.controller) offerReload(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const installing = registration.installing;
    installing?.addEventListener("statechange", () => {
      if (installing.state === "installed" && navigator.serviceWorker.controller) offerReload(installing);
    });
  });
}
