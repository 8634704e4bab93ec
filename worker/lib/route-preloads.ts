import type { AppEnv } from "../env";

/** The build's list (scripts/route-preloads.ts): per route file, the chunks its page needs. */
type RoutePreloads = Record<string, string[]>;

let preloads: Promise<RoutePreloads> | undefined;

async function read(env: AppEnv, origin: string): Promise<RoutePreloads> {
  try {
    const res = await env.ASSETS.fetch(new URL("/route-preloads.json", origin));
    // The dev server has no such file (every address is the app's index.html there).
    if (!res.ok || !(res.headers.get("content-type") ?? "").includes("json")) {
      await res.body?.cancel();
      return {};
    }
    const data: unknown = await res.json();
    return data && typeof data === "object" ? (data as RoutePreloads) : {};
  } catch {
    return {};
  }
}

/**
 * The chunks of one route's page (e.g. "_main/communities.explore.tsx"), for modulepreload links; read
 * once per isolate, which serves one version of the assets.
 */
export async function routePreloadsOf(env: AppEnv, origin: string, route: string): Promise<string[]> {
  const list = (await (preloads ??= read(env, origin)))[route];
  return Array.isArray(list) ? list.filter((file) => typeof file === "string" && file.startsWith("/assets/")) : [];
}
