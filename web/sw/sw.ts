/// <reference lib="webworker" />
import { APP_SHELL_PATH } from "../../common/app-shell";
import {
  API_CACHE_ENTRIES,
  apiCacheName,
  isCachedApiRead,
  META_CACHE,
  SKIP_WAITING,
  USER_ENTRY,
} from "../lib/offline/cache-names";

declare const self: ServiceWorkerGlobalScope;
/** The build's files (vite.config.ts fills it in); empty when the worker runs from the dev server. */
declare const __AGORA_PRECACHE__: { urls: string[]; version: string } | undefined;

const build = typeof __AGORA_PRECACHE__ === "undefined" ? { urls: [], version: "dev" } : __AGORA_PRECACHE__;
const SHELL_CACHE = `agora-shell-${build.version}`;
// The app is one HTML page; the worker answers every route with it when the network is gone. Fetched
// without the cookie as well: the shell is the same for everyone.
const SHELL_PAGE = APP_SHELL_PATH;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(SHELL_CACHE).then((cache) => cache.addAll([new Request(SHELL_PAGE, { credentials: "omit" }), ...build.urls])),
  );
  // A new version waits until the person agrees to reload (the page asks for SKIP_WAITING), except the
  // very first one, which has no open page to disturb.
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith("agora-shell-") && n !== SHELL_CACHE).map((n) => caches.delete(n)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === SKIP_WAITING) void self.skipWaiting();
});

async function currentUser(): Promise<string | null> {
  const meta = await caches.open(META_CACHE);
  const entry = await meta.match(USER_ENTRY);
  return entry ? entry.text() : null;
}

async function remember(cacheName: string, request: Request, response: Response) {
  const cache = await caches.open(cacheName);
  // Deleting first moves the entry to the end, so the trim below drops the least recently read.
  await cache.delete(request);
  await cache.put(request, response);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - API_CACHE_ENTRIES)).map((k) => cache.delete(k)));
}

/**
 * Network first; the last answer this user got is the fallback when the network is gone. The user is read
 * again after the answer arrives: one who signed out meanwhile has had their cache removed, and this
 * answer must not bring it back.
 */
async function apiRead(request: Request): Promise<Response> {
  const user = await currentUser();
  if (!user) return fetch(request);
  try {
    const response = await fetch(request);
    if (response.ok && (await currentUser()) === user) await remember(apiCacheName(user), request, response.clone());
    return response;
  } catch (error) {
    const cached = await caches.open(apiCacheName(user)).then((cache) => cache.match(request));
    if (cached) return cached;
    throw error;
  }
}

/**
 * Where a page the worker wrote for this user is kept: under this build's version, because the page names
 * the build's files and an older build's are gone from the shell cache once this one is active.
 */
const keptPageKey = (url: URL) => `/__agora/pages/${build.version}${url.pathname}${url.search}`;

/**
 * Network first. The pages the worker answers carry the viewer's own first screen (their session, feed,
 * community), marked private: those are kept with the user's API reads, so the last feed opens offline
 * as it was, and go with them when the user signs out. Any other route offline is the empty shell.
 */
async function page(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const user = await currentUser();
  try {
    const response = await fetch(request);
    const personal = response.ok && (response.headers.get("cache-control") ?? "").includes("private");
    if (user && personal && (await currentUser()) === user)
      await remember(apiCacheName(user), new Request(keptPageKey(url)), response.clone());
    return response;
  } catch (error) {
    const kept = user ? await caches.open(apiCacheName(user)).then((cache) => cache.match(keptPageKey(url))) : undefined;
    if (kept) return kept;
    const shell = await caches.match(SHELL_PAGE, { cacheName: SHELL_CACHE });
    if (shell) return shell;
    throw error;
  }
}

async function shellFile(request: Request): Promise<Response> {
  return (await caches.match(request, { cacheName: SHELL_CACHE })) ?? fetch(request);
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") return event.respondWith(page(request));
  if (isCachedApiRead(url.pathname)) return event.respondWith(apiRead(request));
  if (build.urls.includes(url.pathname)) return event.respondWith(shellFile(request));
});
