// Stryker over one mutation group (stryker/groups.mjs), chosen by MUTATION_GROUP; run through
// `npm run test:mutation` (stryker/run.mjs), which runs the groups one after another.
import { groups } from "./groups.mjs";

const name = process.env.MUTATION_GROUP ?? "";
const group = groups[name];
if (!group) throw new Error(`MUTATION_GROUP must be one of: ${Object.keys(groups).join(", ")}`);
const out = `reports/mutation/${name}`;

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "stryker/vitest.mutation.config.ts", related: false },
  mutate: group.mutate,
  coverageAnalysis: "perTest",
  concurrency: 1,
  timeoutMS: 60_000,
  timeoutFactor: 3,
  incremental: true,
  incrementalFile: `${out}/incremental.json`,
  reporters: ["clear-text", "html", "json", "progress"],
  htmlReporter: { fileName: `${out}/index.html` },
  jsonReporter: { fileName: `${out}/mutation.json` },
  // One directory per group, so two groups can run side by side without sharing a sandbox.
  tempDirName: `.stryker-tmp/${name}`,
  cleanTempDir: true,
  ignorePatterns: [
    "/.stryker-tmp",
    "/dist",
    "/.wrangler",
    "/bench",
    "/test-results",
    "/playwright-report",
    "/tests/e2e",
    "/reports",
  ],
  thresholds: { high: 90, low: 85, break: null },
};
