/**
 * Seeds the local D1 database with the demo world: `node db/seed.ts`.
 * Safe to run again: every insert skips rows that already exist.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { hashPassword } from "better-auth/crypto";
import { DEMO_PASSWORD, USERS } from "./seed/people.ts";
import { seedStatements } from "./seed/statements.ts";

export { seedStatements, DEMO_PASSWORD };
export type { SeedOptions } from "./seed/statements.ts";

/** The demo sign-ins; all use DEMO_PASSWORD. */
export const DEMO_LOGINS = USERS.map((u) => ({ email: u.email, fullName: u.fullName, staff: u.platformRole === "staff" }));

async function main(): Promise<void> {
  // scrypt is slow: hash once and share the hash between all demo users.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // SEED_NOW (ms) seeds the same world at a fixed instant: the screenshot baselines need it to the pixel.
  const now = Number(process.env.SEED_NOW) || Date.now();
  const sql = seedStatements({ now, passwordHash }).join("\n");
  const root = dirname(dirname(fileURLToPath(import.meta.url)));
  const dir = mkdtempSync(join(tmpdir(), "agora-seed-"));
  const file = join(dir, "seed.sql");
  try {
    writeFileSync(file, sql);
    const run = spawnSync(
      "npx",
      [
        "wrangler",
        "d1",
        "execute",
        "DB",
        "--local",
        "--file",
        file,
        ...(process.env.AGORA_STATE_DIR ? ["--persist-to", process.env.AGORA_STATE_DIR] : []),
      ],
      {
        cwd: root,
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    if (run.status !== 0) {
      // wrangler prints one JSON result per statement; only a failure is worth reading in full.
      console.error(run.stdout, run.stderr, "\nSeeding failed.");
      process.exitCode = run.status ?? 1;
      return;
    }
    const summary = run.stdout.split("\n").find((line) => line.includes("executed successfully"));
    if (summary) console.log(summary.trim());
    console.log(`Seeded. Sign in as ${DEMO_LOGINS.map((l) => l.email).join(", ")} with password ${DEMO_PASSWORD}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) await main();
