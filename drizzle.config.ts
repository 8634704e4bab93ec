import { defineConfig } from "drizzle-kit";

// Migrations are generated from db/schema and applied by wrangler (local D1, production D1, tests).
export default defineConfig({
  dialect: "sqlite",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
});
