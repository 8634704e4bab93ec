// Type-checks every project, and keeps going after one fails: a change to the API contract
// (common/contract) shows its errors in the worker and in the web app in one run. The projects are
// independent programs, so they run side by side (tsc itself uses one core).
import { spawn } from "node:child_process";

const projects = ["tsconfig.worker.json", "tsconfig.web.json", "tsconfig.node.json", "tsconfig.sw.json"];

/** Runs tsc on one project, holding its output until it ends so the reports do not interleave. */
function check(project) {
  return new Promise((resolve) => {
    const child = spawn("tsc", ["-p", project, "--pretty", String(Boolean(process.stdout.isTTY))], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", (error) => resolve({ project, ok: false, output: String(error) }));
    child.on("close", (code) => resolve({ project, ok: code === 0, output }));
  });
}

const results = await Promise.all(projects.map(check));
for (const { output } of results) if (output) process.stdout.write(output);
const failed = results.filter((r) => !r.ok).map((r) => r.project);
if (failed.length > 0) {
  console.error(`Type errors in ${failed.join(", ")}.`);
  process.exit(1);
}
