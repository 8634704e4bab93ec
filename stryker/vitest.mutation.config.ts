// The vitest config Stryker runs (stryker/stryker.config.mjs): the worker project of vitest.config.ts
// (workerd, real D1 with the migrations applied), narrowed to the test files of one mutation group.
import { defineConfig } from "vitest/config";
import base from "../vitest.config.ts";
import { groups } from "./groups.mjs";

const group = groups[process.env.MUTATION_GROUP ?? ""];
if (!group) throw new Error(`MUTATION_GROUP must be one of: ${Object.keys(groups).join(", ")}`);
const worker = base.test?.projects?.find((p) => typeof p === "object" && "test" in p && p.test?.name === "worker");
if (!worker || typeof worker !== "object" || !("plugins" in worker)) throw new Error("vitest.config.ts has no worker project");

export default defineConfig({
  ...worker,
  test: { ...worker.test, name: "mutation", include: group.tests, exclude: [] },
});
