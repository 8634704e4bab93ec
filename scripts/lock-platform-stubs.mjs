// Our registry mirror lacks some optional platform builds (darwin/windows/android variants of workerd
// and tailwind's oxide), so npm writes a lock without them and `npm ci` then refuses it as out of sync.
// This adds lock entries for exactly those packages; npm never installs them here because their os/cpu
// do not match, and on a machine with the full registry npm fetches them by name and version.
// Run `npm run lock:fix` after changing dependencies.
import { readFileSync, writeFileSync } from "node:fs";
const file = process.argv[2] ?? "package-lock.json";
const lock = JSON.parse(readFileSync(file, "utf8"));
const pk = lock.packages;
const platform = (name) => {
  const n = name.split("/").pop();
  const os = /android/.test(n)
    ? "android"
    : /darwin/.test(n)
      ? "darwin"
      : /freebsd/.test(n)
        ? "freebsd"
        : /win32|windows/.test(n)
          ? "win32"
          : /wasm32/.test(n)
            ? null
            : "linux";
  const cpu = /arm64/.test(n) ? "arm64" : /arm-gnueabihf/.test(n) ? "arm" : /wasm32/.test(n) ? "wasm32" : "x64";
  return { os, cpu };
};
/** Where Node would find `dep` from `path`: its own node_modules, then each ancestor's. */
function resolve(path, dep) {
  let dir = path;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ""}node_modules/${dep}`;
    if (pk[candidate]) return pk[candidate];
    if (!dir) return null;
    const i = dir.lastIndexOf("/node_modules/");
    dir = i < 0 ? "" : dir.slice(0, i);
  }
}
let added = 0;
for (const [path, entry] of Object.entries(pk)) {
  if (!path) continue;
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const found = resolve(path, dep);
    const exact = /^\d+\.\d+\.\d+/.test(version);
    if (found && (!exact || found.version === version)) continue;
    const { os, cpu } = platform(dep);
    // Field order as npm writes it.
    pk[`${path}/node_modules/${dep}`] = {
      version,
      cpu: [cpu],
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...(os ? { os: [os] } : {}),
    };
    added += 1;
    console.log(`stub ${path}/node_modules/${dep}@${version}`);
  }
}
// Same order as npm writes, so a later `npm install` leaves the file as it is.
lock.packages = Object.fromEntries(Object.entries(pk).sort(([a], [b]) => a.localeCompare(b, "en")));
writeFileSync(file, JSON.stringify(lock, null, 2) + "\n");
console.log(`${added} stubs`);
