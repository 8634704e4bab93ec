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
 * Registers /sw.js. A new version installs in the background and waits; the person is offered a reload,
 * and only their choice switches every open tab to it (a silent switch could swap the app's files under
 * a half-written post).
 */
export async function registerServiceWorker(): Promise<void> {
  if (!serviceWorkerEnabled()) return;
  // Its first install downloads the whole app; that waits until this page has loaded.
  if (document.readyState !== "complete") await new Promise((resolve) => window.addEventListener("load", resolve, { once: true }));
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
