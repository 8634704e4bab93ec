import { cloudflare } from "@cloudflare/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));

// One dev server: Vite serves the React app from web/ and runs the worker, D1, R2 and the rooms in workerd.
export default defineConfig({
  root: "web",
  publicDir: "public",
  build: { outDir: "../dist", emptyOutDir: true },
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
    cloudflare({ configPath: `${root}wrangler.toml`, persistState: { path: `${root}.wrangler/state` } }),
  ],
});
