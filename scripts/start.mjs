import { execFileSync, spawn } from "node:child_process";
import { printBanner } from "./demo-logins.mjs";
import { localUserCount, migrateLocal } from "./local-db.mjs";

// One command for a fresh clone: migrate the local D1, seed it when empty, then run the dev server.
migrateLocal();
if (localUserCount() === 0) {
  console.log("Empty database: seeding demo data...");
  execFileSync(process.execPath, ["db/seed.ts"], { stdio: "inherit" });
}

const port = process.env.PORT ?? "5173";
const vite = spawn("npx", ["vite", "dev", "--port", port], { stdio: ["inherit", "pipe", "inherit"] });
let announced = false;
vite.stdout.on("data", (chunk) => {
  process.stdout.write(chunk);
  if (!announced && String(chunk).includes("Local:")) {
    announced = true;
    printBanner(`http://localhost:${port}`);
  }
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => vite.kill(signal));
vite.on("exit", (code) => process.exit(code ?? 0));
