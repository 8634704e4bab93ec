import { relative } from "node:path";
import type { Plugin } from "vite";

/** Where the worker reads the list (worker/lib/route-preloads.ts). */
export const ROUTE_PRELOADS_FILE = "route-preloads.json";

type Chunk = {
  type: "chunk";
  fileName: string;
  imports: string[];
  isEntry: boolean;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
};

/**
 * Writes `route-preloads.json`: for each route file (web/routes, as "_main/communities.explore.tsx"),
 * its code-split chunk and what that chunk imports statically, less what index.html already preloads.
 * The worker names them as modulepreload links in the pages it renders, so the route's code loads in
 * parallel with the entry instead of after it has run. Modules the app imports lazily (a screen such as
 * the feed, a feature's texts) are listed too, by their path under `webRoot`
 * ("features/feed/feed-view.tsx"), for pages that know they will need them.
 */
export function routePreloads({ routesRoot, webRoot }: { routesRoot: string; webRoot: string }): Plugin {
  return {
    name: "agora-route-preloads",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle(_options, bundle) {
      const chunks = new Map<string, Chunk>();
      for (const file of Object.values(bundle)) if (file.type === "chunk") chunks.set(file.fileName, file as unknown as Chunk);
      const closure = (fileName: string, seen = new Set<string>()) => {
        if (seen.has(fileName)) return seen;
        seen.add(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) closure(imported, seen);
        return seen;
      };
      const preloaded = new Set<string>();
      for (const chunk of chunks.values()) if (chunk.isEntry) closure(chunk.fileName, preloaded);
      const routes: Record<string, string[]> = {};
      for (const chunk of chunks.values()) {
        const source = chunk.facadeModuleId?.split("?")[0];
        if (chunk.isEntry || !source) continue;
        const inRoutes = source.startsWith(routesRoot);
        if (!inRoutes && !(chunk.isDynamicEntry && source.startsWith(webRoot))) continue;
        const route = relative(inRoutes ? routesRoot : webRoot, source)
          .split("\\")
          .join("/");
        const files = [...closure(chunk.fileName)].filter((file) => !preloaded.has(file));
        routes[route] = [...new Set([...(routes[route] ?? []), ...files.map((file) => `/${file}`)])];
      }
      this.emitFile({ type: "asset", fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(routes) });
    },
  };
}
