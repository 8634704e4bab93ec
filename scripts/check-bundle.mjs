// Fails when the JS the first page loads before any route chunk (the entry and its modulepreloads in
// dist/client/index.html) passes the budget of DESIGN.md section 7: 150 KB gzipped. Also fails on a font
// inlined into the CSS as a data: URL, which the app's CSP (font-src 'self') refuses to load.
import { readdirSync, readFileSync } from "node:fs";
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

const inlinedFonts = readdirSync(new URL("assets/", dir)).filter(
  (file) => file.endsWith(".css") && readFileSync(new URL(`assets/${file}`, dir), "utf8").includes("url(data:font"),
);
if (inlinedFonts.length > 0) {
  console.error(`Fonts inlined as data: URLs (refused by font-src 'self'): ${inlinedFonts.join(", ")}`);
  process.exit(1);
}
