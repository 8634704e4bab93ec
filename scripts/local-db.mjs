import { execFileSync } from "node:child_process";

/** Runs wrangler against the local D1 (the same .wrangler/state the dev server uses). */
/** `--persist-to` for a dev server started with AGORA_STATE_DIR (wrangler keeps v3/ under it). */
export const persistArgs = process.env.AGORA_STATE_DIR ? ["--persist-to", process.env.AGORA_STATE_DIR] : [];

export function wrangler(args, opts = {}) {
  return execFileSync("npx", ["wrangler", ...args, ...(args[0] === "d1" ? persistArgs : [])], {
    stdio: opts.capture ? ["ignore", "pipe", "inherit"] : "inherit",
    encoding: "utf8",
    env: { ...process.env, CI: "1", WRANGLER_SEND_METRICS: "false" },
  });
}

export function migrateLocal() {
  wrangler(["d1", "migrations", "apply", "DB", "--local"]);
}

export function localUserCount() {
  const out = wrangler(["d1", "execute", "DB", "--local", "--json", "--command", "select count(*) as n from users"], {
    capture: true,
  });
  return JSON.parse(out)[0].results[0].n;
}
