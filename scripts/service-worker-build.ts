import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { build, type Plugin } from "vite";

/** The files under `dir`, as site paths ("/icons/icon-192.png"). */
function publicFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `/${relative(dir, join(entry.parentPath, entry.name)).split("\\").join("/")}`);
}

/**
 * Builds web/sw/sw.ts into the client's /sw.js once the client bundle is written, with the list of that
 * bundle's files to keep for offline use. It is its own build, one self-contained script, because the
 * client build would share modules between it and the app in chunks a service worker cannot import.
 * The version is a hash of the list, whose names carry content hashes: any change to the app makes a new
 * worker, which the page offers as a new version.
 *
 * The dev server has no service worker (a cached page would hide edits) unless VITE_DEV_SERVICE_WORKER=1,
 * and then serves the source as a module worker.
 */
export function serviceWorker({ webRoot }: { webRoot: string }): Plugin[] {
  const source = join(webRoot, "sw/sw.ts");
  return [
    {
      name: "agora-service-worker-dev",
      apply: "serve",
      configureServer(server) {
        if (process.env.VITE_DEV_SERVICE_WORKER !== "1") return;
        server.middlewares.use("/sw.js", (_req, res) => {
          res.setHeader("content-type", "text/javascript");
          res.end(`import "/sw/sw.ts";`);
        });
      },
    },
    {
      name: "agora-service-worker-build",
      apply: "build",
      applyToEnvironment: (environment) => environment.name === "client",
      async writeBundle(options, bundle) {
        const outDir = options.dir!;
        // The page itself is kept as "/" by the worker; dotfiles and _headers are for the host, not served.
        const skip = (name: string) =>
          name === "index.html" || name === "_headers" || name.endsWith(".map") || /(^|\/)\./.test(name);
        const built = Object.keys(bundle)
          .filter((name) => !skip(name))
          .map((name) => `/${name}`);
        const urls = [
          ...new Set([...built, ...publicFiles(join(webRoot, "public")).filter((path) => !skip(path.slice(1)))]),
        ].sort();
        const version = createHash("sha256").update(urls.join("\n")).digest("hex").slice(0, 16);
        await build({
          configFile: false,
          root: webRoot,
          logLevel: "warn",
          publicDir: false,
          define: { __AGORA_PRECACHE__: JSON.stringify({ urls, version }) },
          build: {
            outDir,
            emptyOutDir: false,
            copyPublicDir: false,
            lib: { entry: source, formats: ["iife"], name: "agoraServiceWorker", fileName: () => "sw.js" },
          },
        });
      },
    },
  ];
}
