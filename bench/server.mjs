// What the benchmark and the load test share: the production build under `wrangler dev` on its own
// local data, and SQL against that data.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, openSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("..", import.meta.url));

/** Runs a command in the repository and answers its standard output. */
export const sh = (cmd, args) =>
  execFileSync(cmd, args, {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
    encoding: "utf8",
    env: { ...process.env, CI: "1" },
  });

/**
 * A run's own local data, wiped first: `$AGORA_STATE_DIR/<name>` when AGORA_STATE_DIR is set (beside a
 * dev server's data, never inside it), else `fallback` under the ignored bench/.results.
 */
export function freshState(name, fallback) {
  const state = process.env.AGORA_STATE_DIR ? join(process.env.AGORA_STATE_DIR, name) : fallback;
  rmSync(state, { recursive: true, force: true });
  mkdirSync(state, { recursive: true });
  return state;
}

export const migrate = (state) => sh("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", state]);

/** Runs SQL (a file) against the local D1 of `state`. */
export const executeFile = (state, file) =>
  sh("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", state, "--file", file]);

/** Runs statements against the local D1 of `state` and answers the rows of each, in order. */
export function query(state, statements) {
  const out = sh("npx", [
    "wrangler",
    "d1",
    "execute",
    "DB",
    "--local",
    "--persist-to",
    state,
    "--json",
    "--command",
    statements.join(";\n"),
  ]);
  return JSON.parse(out).map((r) => r.results);
}

/** The newest change to what goes into the build (the bench's own scripts and the tests aside). */
function newestSource() {
  let files;
  try {
    files = sh("git", ["ls-files", "-co", "--exclude-standard"]).split("\n");
  } catch {
    return Infinity; // not a git checkout: nothing tells what changed, so build
  }
  let newest = 0;
  for (const file of files) {
    if (!file || /^(bench|tests|\.ci)\//.test(file) || /\.(md|test\.tsx?)$/.test(file)) continue;
    try {
      newest = Math.max(newest, statSync(join(root, file)).mtimeMs);
    } catch {
      // listed but deleted in the work tree
    }
  }
  return newest;
}

/** Builds unless dist/ is newer than every source file (or `force`). */
export function ensureBuild({ force = false } = {}) {
  let built = 0;
  try {
    built = statSync(join(root, "dist/agora/wrangler.json")).mtimeMs;
  } catch {
    // never built
  }
  if (!force && built > newestSource()) return false;
  sh("npx", ["vite", "build", "--logLevel", "error"]);
  return true;
}

/** Whether nothing listens on `port` of 127.0.0.1. */
export const portIsFree = (port) =>
  new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });

/** A port nothing listens on, chosen by the system. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

export async function waitFor(url, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not come up`);
}

/**
 * Starts the production build under `wrangler dev` on `state`, in development mode at `base`, with
 * extra `vars`; its output goes to `log` when given, V8's inspector listens on `inspectorPort` when given, and
 * `testScheduled` opens GET /cdn-cgi/handler/scheduled (the cron on demand). Answers a stop function that signals the process
 * group (SIGTERM unless told otherwise, e.g. SIGKILL for a crash).
 */
export function startServer({ port, state, vars = {}, log, inspectorPort, testScheduled = false }) {
  const base = `http://127.0.0.1:${port}`;
  const all = { APP_ENV: "development", APP_URL: base, ...vars };
  const args = [
    "wrangler",
    "dev",
    "--config",
    "dist/agora/wrangler.json",
    "--port",
    String(port),
    "--ip",
    "127.0.0.1",
    "--persist-to",
    state,
  ];
  for (const [name, value] of Object.entries(all)) args.push("--var", `${name}:${value}`);
  args.push("--log-level", "error");
  if (inspectorPort) args.push("--inspector-port", String(inspectorPort));
  // GET /cdn-cgi/handler/scheduled runs the cron handler on demand.
  if (testScheduled) args.push("--test-scheduled");
  // The log's folder may not exist yet (a fresh clone, or the state kept elsewhere by AGORA_STATE_DIR).
  if (log) mkdirSync(dirname(log), { recursive: true });
  const output = log ? openSync(log, "a") : "ignore";
  const server = spawn("npx", args, { cwd: root, stdio: ["ignore", output, output], detached: true });
  const stop = (signal = "SIGTERM") => {
    try {
      process.kill(-server.pid, signal);
    } catch {
      server.kill(signal);
    }
  };
  stop.group = server.pid;
  return stop;
}

/**
 * CPU time (ms, user and system) used so far by the live processes of process group `group` (the
 * server's: wrangler and workerd), from /proc; 0 where /proc is missing.
 */
export function groupCpuMs(group) {
  const tick = 1000 / 100; // USER_HZ is 100 on Linux
  let total = 0;
  let pids;
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return 0;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // Fields after the command name (which may hold spaces): state ppid pgrp ... utime(14) stime(15).
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== group) continue;
      total += (Number(fields[11]) + Number(fields[12])) * tick;
    } catch {
      // exited meanwhile
    }
  }
  return total;
}

/** Signs the demo member Ana in on a running server: her session's cookies, as name and value. */
export async function signInDemo(base) {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { origin: base, "content-type": "application/json" },
    body: JSON.stringify({ email: "ana@example.com", password: "demo-pass-2026" }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return res.headers.getSetCookie().map((c) => {
    const [pair] = c.split(";");
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
}
