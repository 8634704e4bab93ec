import { migrateLocal } from "./local-db.mjs";

// `npm run db:seed`: idempotent, safe to run on a seeded database.
migrateLocal();
await import("../db/seed.ts").then((m) => m.runSeed());
