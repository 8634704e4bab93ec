// `npm run test:mutation [-- group ...]`: Stryker over each mutation group (stryker/groups.mjs), one group
// after another (a group's mutants run one at a time; two groups can also run at once from two shells,
// each in its own sandbox under .stryker-tmp/, which on two cores finishes both sooner than one after the other). Reports go to reports/mutation/<group>/ (index.html, mutation.json); each group's incremental
// file there lets a re-run test only the mutants whose code or tests changed. Options are passed on to
// Stryker: `-- rooms --force` tests every mutant again (incremental mode reuses the result of a mutant in
// module-level code, which no test "covers", even after new tests were added that would kill it).
import { spawnSync } from "node:child_process";
import { groups } from "./groups.mjs";

const args = process.argv.slice(2);
const chosen = args.filter((a) => !a.startsWith("--"));
const options = args.filter((a) => a.startsWith("--"));
for (const name of chosen) if (!groups[name]) throw new Error(`unknown group ${name}; groups: ${Object.keys(groups).join(", ")}`);
let failed = false;
for (const name of chosen.length > 0 ? chosen : Object.keys(groups)) {
  const started = Date.now();
  console.log(`\n=== mutation group ${name}`);
  const { status } = spawnSync(
    process.execPath,
    ["node_modules/@stryker-mutator/core/bin/stryker.js", "run", "stryker/stryker.config.mjs", ...options],
    { stdio: "inherit", env: { ...process.env, MUTATION_GROUP: name } },
  );
  console.log(`=== ${name}: ${status === 0 ? "done" : `failed (${status})`} in ${Math.round((Date.now() - started) / 1000)} s`);
  failed ||= status !== 0;
}
process.exit(failed ? 1 : 0);
