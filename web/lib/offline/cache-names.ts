/**
 * What the page and the service worker agree on. The signed-in user's id sits in its own small cache, so
 * the worker (which may be stopped and started at any time) reads it where the page wrote it.
 */
export const API_CACHE_PREFIX = "agora-api-";
export const META_CACHE = "agora-meta";
export const USER_ENTRY = "/__agora/user";

export const apiCacheName = (userId: string) => `${API_CACHE_PREFIX}${userId}`;

/** Sent by the page when the person chose to reload into the waiting version. */
export const SKIP_WAITING = "agora:skip-waiting";

/** API reads kept for offline reading: everything the signed-in user reads, except the sign-in flows. */
export const isCachedApiRead = (pathname: string) => pathname.startsWith("/api/") && !pathname.startsWith("/api/auth/");

/** How many API answers one user's cache keeps; the oldest go first. */
export const API_CACHE_ENTRIES = 300;
