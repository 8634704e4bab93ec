// Load test with correctness checks: 50 simulated members use the production build under `wrangler dev`
// for a bounded time (read, post, comment, like, join, the bell, rooms; a share of writes sent twice as a
// flaky network would), then the local D1 is checked with SQL. See bench/README.md.
//
//   npm run load -- --duration 60      (CI; the default is 600 s)
//   knobs: --duration/LOAD_DURATION (s), --members/LOAD_MEMBERS, --port/LOAD_PORT (8833),
//          LOAD_RETRY_SHARE (0.1), LOAD_THINK_MS (1000-4000), AGORA_STATE_DIR, --build (always build)
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { runChecks } from "./load/checks.mjs";
import { Recorder } from "./load/client.mjs";
import { Member, expectations } from "./load/member.mjs";
import { buildWorld } from "./load/seed.mjs";
import {
  ensureBuild,
  executeFile,
  freePort,
  freshState,
  migrate,
  portIsFree,
  query,
  root,
  startServer,
  waitFor,
} from "./server.mjs";

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: process.env.LOAD_DURATION ?? "600" },
    members: { type: "string", default: process.env.LOAD_MEMBERS ?? "50" },
    port: { type: "string", default: process.env.LOAD_PORT },
    build: { type: "boolean", default: false },
  },
});
const duration = Number(args.duration);
const memberCount = Number(args.members);
const retryShare = Number(process.env.LOAD_RETRY_SHARE ?? 0.1);
const [thinkMin, thinkMax] = (process.env.LOAD_THINK_MS ?? "1000-4000").split("-").map(Number);
if (!(duration > 0) || !(memberCount >= 2) || !(thinkMax >= thinkMin))
  throw new Error("bad --duration, --members or LOAD_THINK_MS");

const started = Date.now();
const step = (text) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${text}`);

// A fixed port when asked for one; the default 8833 only while it is free.
let port = Number(args.port ?? 8833);
if (!(await portIsFree(port))) {
  if (args.port) throw new Error(`port ${port} is in use: choose another with --port or LOAD_PORT`);
  port = await freePort();
}
const base = `http://127.0.0.1:${port}`;

step(ensureBuild({ force: args.build }) ? "built dist/" : "dist/ is current");
const state = freshState("load", `${root}bench/.results/load-state`);
migrate(state);
const secret = randomBytes(32).toString("hex");
const world = buildWorld({ members: memberCount, communities: 8, secret });
const seedFile = `${state}/seed.sql`;
writeFileSync(seedFile, world.sql);
executeFile(state, seedFile);
step(`seeded ${world.people.length} members with sessions and ${world.groups.length} communities in ${state}`);

const stopServer = startServer({ port, state, vars: { AUTH_SECRET: secret }, log: `${state}/server.log` });
try {
  await waitFor(`${base}/api/health`);
  step(`server up at ${base}`);
  const recorder = new Recorder();
  const expected = expectations(world.memberships);
  const members = world.people.map(
    (person) => new Member(person, { base, world, expected, recorder, retryShare, think: { min: thinkMin, max: thinkMax } }),
  );
  // Every user room is open before anyone acts, so each notification has a tab to reach.
  await Promise.all(members.map((m) => m.connect()));
  step(`${members.length} user rooms open; driving for ${duration} s`);
  const runStart = performance.now();
  const until = Date.now() + duration * 1000;
  // Every request and room open has its own timeout; this one catches a member that never comes back.
  const finished = Promise.all(members.map((m) => m.run(until)));
  const watchdog = new Promise((resolve) => setTimeout(resolve, duration * 1000 + 60_000, "stuck").unref());
  if ((await Promise.race([finished, watchdog])) === "stuck") {
    for (const m of members.filter((x) => x.doing)) {
      recorder.fail(`${m.me.name} still in ${m.doing.action} after ${((Date.now() - m.doing.since) / 1000).toFixed(0)} s`);
    }
  }
  const elapsed = (performance.now() - runStart) / 1000;
  // Pushes leave after the answers (waitUntil): give them a moment before the rooms close.
  await new Promise((r) => setTimeout(r, 3000));
  for (const m of members) m.close();
  step("run over; checking the database");

  const pushed = new Map(members.map((m) => [m.me.id, m.pushed]));
  const { checks, figures } = runChecks((statements) => query(state, statements), expected, pushed);
  const { requests, serverErrors, roomEvents } = recorder.counts;
  checks.unshift(
    [`${serverErrors} answers 5xx or missing, of ${requests} requests`, serverErrors === 0],
    [
      `every answer as expected${recorder.failures.length ? `: ${recorder.failures.length} not` : ""}`,
      recorder.failures.length === 0,
    ],
  );

  const think = `${thinkMin / 1000}-${thinkMax / 1000} s`;
  console.log(
    `\n${members.length} members, ${elapsed.toFixed(0)} s, think time ${think}, ${(retryShare * 100).toFixed(0)}% of writes sent twice ` +
      `(${Object.entries(expected.retried)
        .map(([mode, n]) => `${n} ${mode}`)
        .join(", ")}) (${new Date().toISOString()})\n`,
  );
  console.log("| action | requests | unexpected | p50 ms | p95 ms |\n|---|---|---|---|---|");
  for (const r of recorder.rows()) {
    console.log(`| ${r.action} | ${r.requests} | ${r.errors} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} |`);
  }
  console.log(
    `\nthroughput: ${requests} requests in ${elapsed.toFixed(0)} s = ${(requests / elapsed).toFixed(1)} req/s; ` +
      `stored ${expected.posts.size} posts, ${expected.comments.size} comments and replies, ${figures.notifications} notifications, ` +
      `${figures.idempotencyKeys} idempotency keys; ${roomEvents} room events received\n`,
  );
  for (const [text, ok] of checks) console.log(`${ok ? "PASS" : "FAIL"}  ${text}`);
  if (recorder.failures.length) {
    console.log(`\nunexpected answers (first 20 of ${recorder.failures.length}):`);
    for (const f of recorder.failures.slice(0, 20)) console.log(`  ${f}`);
  }
  process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
} finally {
  stopServer();
}
