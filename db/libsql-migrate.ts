import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Client } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql/web";
import { migrate } from "drizzle-orm/libsql/migrator";

/**
 * Applies db/migrations to a libSQL database with drizzle's migrator: the same files wrangler applies
 * to D1, in the order of drizzle-kit's journal, in one batch, recorded in `__drizzle_migrations`.
 * Node only (it reads the files).
 */
export async function migrateLibsql(client: Client, migrationsFolder = "db/migrations"): Promise<void> {
  assertJournalComplete(migrationsFolder);
  await migrate(drizzle(client), { migrationsFolder });
}

/**
 * wrangler applies every .sql file of the folder, drizzle's migrator only the journal's entries: a file
 * written by hand without a journal entry would reach D1 and silently skip libSQL.
 */
function assertJournalComplete(folder: string) {
  const journal = JSON.parse(readFileSync(join(folder, "meta", "_journal.json"), "utf8")) as { entries: { tag: string }[] };
  const listed = new Set(journal.entries.map((e) => `${e.tag}.sql`));
  const missing = readdirSync(folder).filter((f) => f.endsWith(".sql") && !listed.has(f));
  if (missing.length > 0) {
    throw new Error(
      `Migrations missing from ${folder}/meta/_journal.json (npm run db:generate; for hand-written SQL, npx drizzle-kit generate --custom): ${missing.join(", ")}`,
    );
  }
}
