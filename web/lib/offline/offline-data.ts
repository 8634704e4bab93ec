import type { QueryClient } from "@tanstack/react-query";
import { meKeys, type SessionUser } from "../session";
import { API_CACHE_PREFIX, apiCacheName, META_CACHE, USER_ENTRY } from "./cache-names";
import { clearOutbox } from "./outbox";

const hasCaches = () => typeof caches !== "undefined";

async function dropApiCaches(keep: string | null) {
  const names = await caches.keys();
  await Promise.all(names.filter((n) => n.startsWith(API_CACHE_PREFIX) && n !== keep).map((n) => caches.delete(n)));
}

/**
 * Tells the service worker whose reads it keeps for offline use. The reads of anyone else who used this
 * browser before go, so one person never reads another's feed or messages offline.
 */
async function rememberUser(userId: string | null): Promise<void> {
  if (!userId) return forgetOfflineData();
  if (!hasCaches()) return;
  await dropApiCaches(apiCacheName(userId));
  await (await caches.open(META_CACHE)).put(USER_ENTRY, new Response(userId));
}

/** Removes everything kept for offline use: the cached reads and the writes waiting to be sent. */
export async function forgetOfflineData(): Promise<void> {
  if (hasCaches()) {
    const meta = await caches.open(META_CACHE);
    await meta.delete(USER_ENTRY);
    await dropApiCaches(null);
  }
  if (typeof indexedDB !== "undefined") await clearOutbox();
}

/**
 * Follows the session query: a signed-in user's reads are kept under their id; when the server says
 * nobody is signed in (signed out here or elsewhere, session expired) everything kept goes.
 */
export function followSignedInUser(queryClient: QueryClient): void {
  let last: string | null | undefined;
  const sync = () => {
    const state = queryClient.getQueryState<SessionUser | null>(meKeys.session());
    if (state?.status !== "success") return;
    const id = state.data?.id ?? null;
    if (id === last) return;
    last = id;
    void rememberUser(id);
  };
  queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryHash === JSON.stringify(meKeys.session())) sync();
  });
  sync();
}
