import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import react from "@vitejs/plugin-react";
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { FIRST_SCREEN_MODULE } from "./common/first-screen.ts";

/** A project whose tests run in workerd against real D1 with the migrations applied (worker and room code). */
function workerProject({ name, include, exclude = [] }: { name: string; include: string[]; exclude?: string[] }) {
  return {
    plugins: [
      cloudflareTest(async () => ({
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            APP_ENV: "test",
            // Rooms announce joins and leaves only when a test calls `flushPresence` (no timers in tests).
            PRESENCE_FLUSH_MS: "manual",
            TEST_MIGRATIONS: await readD1Migrations("./db/migrations"),
          },
          // The app's assets: every address answers with index.html, as the single-page app handling does,
          // but the build's route chunk list (scripts/route-preloads.ts), here naming made-up files.
          serviceBindings: {
            ASSETS: (request: Request) =>
              new URL(request.url).pathname === "/route-preloads.json"
                ? Response.json({
                    "_main/communities.explore.tsx": ["/assets/communities.explore-test.js", "/assets/explore-shared-test.js"],
                    "_main/communities.$communityId.tsx": ["/assets/communities._communityId-test.js"],
                    "locales/ka.json": ["/assets/ka-texts-test.js"],
                    "locales/formats/ka.json": ["/assets/ka-formats-test.js"],
                    "features/feed/i18n/ka.json": ["/assets/ka-feed-texts-test.js"],
                  })
                : new Response(readFileSync("./web/index.html"), { headers: { "content-type": "text/html; charset=utf-8" } }),
          },
        },
      })),
    ],
    resolve: { alias: { [FIRST_SCREEN_MODULE]: "./web/ssr/first-screen.tsx" } },
    test: {
      name,
      include,
      exclude,
      setupFiles: ["./tests/apply-migrations.ts"],
      provide: { dbEngine: "d1" as const },
      // Route tests sign people up through the real auth (password hashing in workerd); on a busy
      // two-core machine a test that makes several accounts can take longer than the 5 s default.
      testTimeout: 20_000,
    },
  };
}

export default defineConfig({
  test: {
    // Two test files at a time even on two cores (vitest's default is one less than the cores): most of a
    // route test's time is workerd and D1 waiting, and a second file fills it (a run of the communities
    // and feed route tests: 241 s alone, 134 s two at a time). No test may lean on the machine's speed.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      workerProject({
        name: "worker",
        include: ["worker/**/*.test.ts", "party/**/*.test.ts", "db/**/*.test.ts", "common/**/*.test.ts"],
        // Pages render the whole app in workerd: their own workerd, since a test file run after them in the
        // same one stops it ("Message is too large" on the pool's socket).
        exclude: ["worker/features/pages/**"],
      }),
      workerProject({ name: "pages", include: ["worker/features/pages/**/*.test.ts"] }),
      {
        // The data-layer tests (`*.db.test.ts`) again, in Node on libSQL file databases (the second engine).
        test: {
          name: "libsql",
          environment: "node",
          include: ["worker/**/*.db.test.ts", "db/**/*.db.test.ts"],
          globalSetup: ["./tests/node/libsql-global-setup.ts"],
          provide: { dbEngine: "libsql" },
        },
      },
      {
        // Flitt's own Node SDK, unpatched, against the local sandbox (tests/flitt-sdk/local-flitt.ts).
        test: {
          name: "flitt-sdk",
          environment: "node",
          include: ["tests/flitt-sdk/**/*.test.ts"],
          // Starting the sandbox's workerd takes a few seconds, more on a busy machine.
          hookTimeout: 60_000,
          testTimeout: 20_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: "web",
          environment: "jsdom",
          include: ["web/**/*.test.{ts,tsx}"],
          setupFiles: ["./web/test/setup.ts"],
        },
      },
    ],
  },
});
