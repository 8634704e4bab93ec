// Type-checks every project, and keeps going after one fails: a change to the API contract
// (common/contract) shows its errors in the worker and in the web app in one run.
import { spawnSync } from "node:child_process";

const projects = ["tsconfig.worker.json", "tsconfig.web.json", "tsconfig.node.json"];
const failed = projects.filter((project) => spawnSync("tsc", ["-p", project], { stdio: "inherit" }).status !== 0);
if (failed.length > 0) {
  console.error(`Type errors in ${failed.join(", ")}.`);
  process.exit(1);
}
