import type { QueryClient } from "@tanstack/react-query";
import { followSignedInUser } from "./offline-data";
import { startOutbox } from "./outbox";
import { registerServiceWorker } from "./service-worker";

/** Offline reading and writing; loaded after the first render, so none of it weighs on the first page. */
export function startOffline(queryClient: QueryClient): void {
  followSignedInUser(queryClient);
  startOutbox(queryClient);
  void registerServiceWorker(queryClient).catch((error: unknown) => console.warn("Service worker not registered", error));
}
