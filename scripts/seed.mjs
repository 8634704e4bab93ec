import { execFileSync } from "node:child_process";
import { migrateLocal } from "./local-db.mjs";

// `npm run db:seed`: idempotent, safe to run on a seeded database.
migrateLocal();
execFileSync(process.execPath, ["db/seed.ts"], { stdio: "inherit" });
