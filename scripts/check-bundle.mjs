// Fails when the JS the first page loads before any route chunk (the entry and its modulepreloads in
// dist/client/index.html) passes the budget of DESIGN.md section 7: 150 KB gzipped.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const BUDGET = 150 * 1024;
const dir = new URL("../dist/client/", import.meta.url);
const html = readFileSync(new URL("index.html", dir), "utf8");
const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
let total = 0;
for (const file of new Set(files)) {
  const size = gzipSync(readFileSync(new URL(file, dir)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  total gzipped (budget ${BUDGET / 1024} KB)`);
if (total > BUDGET) {
  console.error("Over the first-route JS budget.");
  process.exit(1);
}
