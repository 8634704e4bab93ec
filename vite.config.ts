import { cloudflare } from "@cloudflare/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import type { IncomingMessage, ServerResponse } from "node:http";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { FIRST_SCREEN_MODULE } from "./common/first-screen.ts";
import { serviceWorker } from "./scripts/service-worker-build.ts";
import { routePreloads } from "./scripts/route-preloads.ts";
import { appCspWithScripts, baseSecurityHeaders, inlineScripts } from "./worker/lib/security-headers.ts";

const root = fileURLToPath(new URL(".", import.meta.url));

/**
 * Static assets are served without running the worker, so the same security headers reach them
 * through the assets `_headers` file, generated from the worker's own definitions.
 */
function staticSecurityHeaders(): Plugin {
  return {
    name: "agora-static-security-headers",
    apply: "build",
    generateBundle() {
      if (this.environment.name !== "client") return;
      // index.html's own inline script (the theme before the first paint) is named by hash, as on the worker's pages.
      const scripts = inlineScripts(readFileSync(`${root}web/index.html`, "utf8"));
      const csp = appCspWithScripts(scripts.map((code) => createHash("sha256").update(code).digest("base64")));
      const headers = { ...baseSecurityHeaders, "Content-Security-Policy": csp };
      const lines = [
        "/*",
        ...Object.entries(headers).map(([k, v]) => `  ${k}: ${v}`),
        "/assets/*",
        "  Cache-Control: public, max-age=31536000, immutable",
        "",
      ];
      this.emitFile({ type: "asset", fileName: "_headers", source: lines.join("\n") });
    },
  };
}

/**
 * Methods the local runtime cannot turn into a request (TRACE, TRACK, CONNECT) are answered 405 here,
 * as Cloudflare's edge answers them before any worker: passed on, the Cloudflare plugin throws, the dev
 * server answers 500 and pushes the stack trace as an error overlay into every open tab.
 */
function devRefusedMethods(): Plugin {
  const refused = new Set(["TRACE", "TRACK", "CONNECT"]);
  return {
    name: "agora-dev-refused-methods",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (!refused.has((req.method ?? "").toUpperCase())) return next();
        res.writeHead(405, { "content-type": "application/json", allow: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS" });
        res.end(JSON.stringify({ error: { code: "BAD_REQUEST", message: "This method is not allowed." } }));
      });
    },
  };
}

/**
 * The dev server's HTML gets production's security headers, so a CSP violation shows up while
 * developing. Its CSP names Vite's inline React refresh preamble by hash (as the worker's pages do,
 * documentCsp), and nothing more: any other inline script is refused here as in production. HTML the
 * worker answers already carries its own headers, which win.
 */
function devSecurityHeaders(): Plugin {
  return {
    name: "agora-dev-security-headers",
    apply: "serve",
    configureServer(server) {
      // Every page of the dev server is index.html with the same preamble: one CSP for all of them.
      let csp: Promise<string> | undefined;
      const devCsp = async () => {
        const html = await server.transformIndexHtml("/", readFileSync(`${root}web/index.html`, "utf8"));
        return appCspWithScripts(inlineScripts(html).map((code) => createHash("sha256").update(code).digest("base64")));
      };
      server.middlewares.use((req, res, next) => {
        if (!(req.headers.accept ?? "").includes("text/html")) return next();
        (csp ??= devCsp()).then((policy) => {
          const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
          res.writeHead = ((...args: unknown[]) => {
            if (String(res.getHeader("content-type") ?? "").includes("text/html") || JSON.stringify(args).includes("text/html")) {
              for (const [name, value] of Object.entries(baseSecurityHeaders)) res.setHeader(name, value);
              // Headers given to writeHead (the worker's) take precedence over these.
              res.setHeader("Content-Security-Policy", policy);
            }
            return writeHead(...args);
          }) as typeof res.writeHead;
          next();
        }, next);
      });
    },
  };
}

/**
 * When the dev server cannot get an answer from the worker at all (workerd restarting, a broken
 * connection), Vite would answer with its HTML error page and the stack. The worker's own paths get
 * the API's error envelope instead; the stack stays in the terminal.
 */
function devWorkerErrors(): Plugin {
  const workerPaths = /^\/(api|files|parties|dev)(\/|$)/;
  return {
    name: "agora-dev-worker-errors",
    apply: "serve",
    configureServer(server) {
      return () => {
        server.middlewares.use((error: Error, req: IncomingMessage, res: ServerResponse, next: (e?: unknown) => void) => {
          if (!workerPaths.test(req.url ?? "") || res.headersSent) return next(error);
          server.config.logger.error(`${req.method} ${req.url}: ${error.stack ?? error.message}`);
          res.statusCode = 500;
          res.setHeader("content-type", "application/json; charset=utf-8");
          const message = "Something went wrong on our side. Please try again.";
          res.end(JSON.stringify({ error: { code: "INTERNAL", message } }));
        });
      };
    },
  };
}

// One dev server: Vite serves the React app from web/ and runs the worker, D1, R2 and the rooms in workerd.
export default defineConfig(({ command }) => ({
  root: "web",
  publicDir: "public",
  // The worker renders pages' first screens with the app's own code (common/first-screen.ts).
  resolve: { alias: { [FIRST_SCREEN_MODULE]: `${root}web/ssr/first-screen.tsx` } },
  build: { outDir: "../dist", emptyOutDir: true },
  environments: {
    client: {
      build: {
        // Fonts stay files: the app's CSP allows fonts from its own origin only (font-src 'self'), so a font
        // inlined as a data: URL (the 3 KB emoji cut would be, by size) is refused and its glyphs show as boxes.
        assetsInlineLimit: (file) => (file.endsWith(".woff2") ? false : undefined),
        rolldownOptions: {
          output: {
            // Left alone, the bundler cuts the modules shared by the first page and the lazy feature chunks
            // into dozens of tiny chunks (a file per shared icon), each with its own request and gzip
            // overhead: several KB more on the first route. These groups keep the framework, our UI kit and
            // lib, and the shell (web/app, with what it imports) in one file each. What only lazy chunks use
            // stays out, so it still loads only after the first paint: the realtime client (partysocket,
            // zod), the user's room (web/app/user-room), the home page and its feed (with its route), the account deletion
            // banner and the text format of posts and comments (with the feed and the notifications menu).
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|i18next|react-i18next|use-sync-external-store)[\\/]/,
                },
                // Core modules only screens behind a lazy route use (payments, blocks, infinite lists, the
                // image field, level badges, list states, password fields, radio groups, the members lists' keys, profiles, reports, switches, tabs, tickets, the text of
                // search boxes that search through the address, community images and pages, idempotent mutations and cache writes) stay out as well.
                {
                  name: "app-core",
                  test: /web[\\/](lib[\\/](?!realtime|offline|create-mutation|cache-write|progressive-list|content-format|mention-tokens|payments|blocks|use-infinite-scroll|use-search-text|images|profile-|account|members-keys|field-issues|format[\\/]money)|components[\\/](?!payments|community-image|community-page|image-file-field|level-badge|list-states|load-error|no-community|ui[\\/](password-input|radio-group|select|switch|tabs)|block-person-dialog|char-counter|location-field|profile-|report-dialog|ticket-thread))/,
                },
                { name: "shell", test: /web[\\/]app[\\/](?!user-room[\\/]|home-page|home-feed|deletion-banner)/ },
              ],
            },
          },
        },
      },
    },
  },
  server: { port: 5173, strictPort: true },
  preview: { port: 4173, strictPort: true },
  plugins: [
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: `${root}web/routes`,
      generatedRouteTree: `${root}web/routeTree.gen.ts`,
    }),
    react(),
    tailwindcss(),
    staticSecurityHeaders(),
    routePreloads({ routesRoot: `${root}web/routes`, webRoot: `${root}web` }),
    devRefusedMethods(),
    devSecurityHeaders(),
    devWorkerErrors(),
    ...serviceWorker({ webRoot: `${root}web` }),
    cloudflare({
      configPath: `${root}wrangler.toml`,
      // AGORA_STATE_DIR lets a second dev server run beside the first on its own local data.
      persistState: { path: process.env.AGORA_STATE_DIR ?? `${root}.wrangler/state` },
      // The dev server is development (with local stand-ins for the support contact details, so the
      // Help page's Contact tab is whole, and pages without their rendered first screen: React's
      // development build is slow, see pages.routes.ts); builds keep wrangler.toml's production values.
      config:
        command === "serve"
          ? {
              vars: {
                APP_ENV: "development",
                APP_URL: "http://localhost:5173",
                SUPPORT_EMAIL: "support@agora.localhost",
                SUPPORT_PHONE: "+995 32 200 00 00",
                FIRST_SCREENS: "off",
              },
            }
          : undefined,
    }),
  ],
}));
