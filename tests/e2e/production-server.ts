import { execFileSync, spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The dev server's local data, which `npm start` has migrated and seeded (playwright.config starts it). */
const devState = process.env.AGORA_STATE_DIR ?? join(root, ".wrangler/state");

async function waitFor(url: string, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not come up`);
}

/**
 * A database of its own, migrated and seeded with the demo world as of `seedAt`: the same rows to the
 * millisecond on every run, whatever the journeys before it changed in the dev server's data.
 */
function freshWorld(state: string, seedAt: number) {
  const env = { ...process.env, AGORA_STATE_DIR: state, SEED_NOW: String(seedAt), CI: "1", WRANGLER_SEND_METRICS: "false" };
  execFileSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", state], {
    cwd: root,
    env,
    stdio: "ignore",
  });
  execFileSync(process.execPath, ["db/seed.ts"], { cwd: root, env, stdio: "ignore" });
}

/** Whether this worker process has built already (the journeys run in one worker, files one after another). */
let built = process.env.E2E_SKIP_BUILD === "1";

/**
 * What only the production build has (the service worker, the precached shell, pages written with their
 * first screen) is tested against that build under `wrangler dev`, on a copy of the dev server's seeded
 * data so both can run side by side. Builds first, once per run, unless E2E_SKIP_BUILD=1 (a build made
 * just before). Answers the base URL and a stop function.
 */
export async function startProductionServer(
  port: number,
  options: { seedAt?: number } = {},
): Promise<{ baseURL: string; stop: () => void }> {
  if (!built) {
    execFileSync("npx", ["vite", "build", "--logLevel", "error"], { cwd: root, stdio: "inherit" });
    built = true;
  }
  statSync(join(root, "dist/agora/wrangler.json"));
  const state = mkdtempSync(join(tmpdir(), "agora-e2e-prod-"));
  if (options.seedAt === undefined) cpSync(devState, state, { recursive: true });
  else freshWorld(state, options.seedAt);
  const baseURL = `http://127.0.0.1:${port}`;
  const args = ["wrangler", "dev", "--config", "dist/agora/wrangler.json", "--port", String(port), "--ip", "127.0.0.1"];
  args.push("--persist-to", state, "--var", "APP_ENV:development", "--var", `APP_URL:${baseURL}`, "--log-level", "error");
  const server = spawn("npx", args, { cwd: root, stdio: "ignore", detached: true });
  const stop = () => {
    try {
      process.kill(-server.pid!, "SIGTERM");
    } catch {
      // already gone
    }
    rmSync(state, { recursive: true, force: true });
  };
  try {
    await waitFor(`${baseURL}/api/health`, 120_000);
  } catch (error) {
    stop();
    throw error;
  }
  return { baseURL, stop };
}
