// Messaging fan-out benchmark: one sender, K listeners on real WebSockets to one group chat through
// the worker, timed from the start of a send to each listener's `message.created` frame, a send being
// a `message.send` frame through the sender's socket (the room stores and fans it out, D1 behind it)
// or an HTTP request; the baseline, in the same run and the same room, is the room's typing relay
// (client frame -> room -> the other sockets: no HTTP, no D1, no RPC). See bench/README.md.
//
//   npm run bench:fanout
//   knobs: FANOUT_SIZES ("1:10,100:10,1000:5", listeners:messages per second), FANOUT_ROUNDS (4),
//          FANOUT_ROUND_SECONDS (3), BENCH_PORT (8797), AGORA_STATE_DIR
import { randomBytes, randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import { writeFileSync } from "node:fs";
import { inBatches, openConversation, percentile, sendMessage, sleep } from "./chat/client.mjs";
import { chatWorld } from "./chat/world.mjs";
import {
  ensureBuild,
  executeFile,
  freePort,
  freshState,
  groupCpuMs,
  migrate,
  portIsFree,
  root,
  startServer,
  waitFor,
} from "./server.mjs";

const sizes = (process.env.FANOUT_SIZES ?? "1:10,100:10,1000:5").split(",").map((s) => {
  const [k, rate] = s.split(":").map(Number);
  return { k, rate };
});
const rounds = Number(process.env.FANOUT_ROUNDS ?? 4);
const roundSeconds = Number(process.env.FANOUT_ROUND_SECONDS ?? 3);
// The messaging limit is 20 messages per 10 s per person, and the room drops a connection's typing
// frames closer than 1 s apart per state: ten people take turns sending (each send on the schedule
// is the next person's, so each sends at most once a second, and each socket's typing state flips
// every turn: the same state comes back after 2 s, far enough apart even when one frame is delayed).
const SENDERS = 10;
// Frames still missing this long after the last send count as lost.
const DRAIN_MS = 5000;

let port = Number(process.env.BENCH_PORT ?? 8797);
if (!(await portIsFree(port))) {
  if (process.env.BENCH_PORT) throw new Error(`port ${port} is in use: choose another with BENCH_PORT`);
  port = await freePort();
}
const base = `http://127.0.0.1:${port}`;
const started = Date.now();
const step = (text) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${text}`);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(", ");

step(ensureBuild() ? "built dist/" : "dist/ is current");
const state = freshState("fanout", `${root}bench/.results/fanout-state`);
migrate(state);
const secret = randomBytes(32).toString("hex");
const maxK = Math.max(...sizes.map((s) => s.k));
const senderIndexes = Array.from({ length: SENDERS }, (_, i) => maxK + i);
const world = chatWorld({
  people: maxK + SENDERS,
  secret,
  conversations: sizes.map(({ k }) => ({
    key: k,
    type: "group",
    members: [...senderIndexes, ...Array.from({ length: k }, (_, i) => i)],
  })),
});
const seedFile = `${state}/seed.sql`;
writeFileSync(seedFile, world.sql);
executeFile(state, seedFile);
step(`seeded ${world.people.length} people with sessions and ${sizes.length} group chats`);

/**
 * The key naming the send a frame carries (the message id, or the typing person and state), read
 * without parsing the frame: this process reads a thousand copies of each, and its own cost is part
 * of every figure.
 */
const KEY_AFTER = [
  ['{"type":"message.created"', '"message":{"id":"'],
  ['{"type":"typing"', '"userId":"'],
];
function keyOf(data) {
  for (const [head, marker] of KEY_AFTER) {
    if (!data.startsWith(head)) continue;
    const at = data.indexOf(marker);
    if (at < 0) return null;
    const from = at + marker.length;
    const key = data.slice(from, data.indexOf('"', from));
    return head === '{"type":"typing"' ? typingKey(key, data.includes('"active":true')) : key;
  }
  return null;
}
const typingKey = (userId, active) => `${userId}:${active}`;

/** One measured run: every send with its start and how many listeners got it, every latency, CPU used. */
const newRun = () => ({
  sends: [],
  byKey: new Map(),
  latencies: [],
  answers: [],
  dbWaits: [],
  errors: [],
  serverCpu: 0,
  clientCpu: 0,
});
const clientCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
let stopServer = () => {};

async function measure({ k, rate }) {
  const opening = performance.now();
  const conversationId = world.conversationIds[k];
  const senders = senderIndexes.map((i) => world.people[i]);
  const runs = { baseline: newRun(), socket: newRun(), http: newRun() };
  let current = null;
  // Presence frames the listeners got while the room filled, and the largest head count one named: the
  // room is full when a frame says everyone is there (its joins are announced in batches about once a second).
  const everyone = k + SENDERS;
  let presenceFrames = 0;
  let fullAt = null;
  const onListenerFrame = (data, receivedAt) => {
    if (data.startsWith('{"type":"presence')) {
      if (fullAt === null) {
        presenceFrames += 1;
        if (Number(/"count":(\d+)/.exec(data)?.[1]) === everyone) fullAt = receivedAt;
      }
      return;
    }
    const send = current && current.byKey.get(keyOf(data));
    if (!send) return;
    send.got += 1;
    current.latencies.push(receivedAt - send.t0);
  };
  const listeners = await inBatches(k, 16, (i) =>
    openConversation(base, world.people[i].cookie, conversationId, onListenerFrame),
  );
  // A sender's socket hears the room's answer to its own `message.send`: the acknowledgement's time.
  const acks = new Map();
  const onSenderFrame = (data, receivedAt) => {
    if (!data.startsWith('{"type":"message.ack"') && !data.startsWith('{"type":"message.refused"')) return;
    const id = /"id":"([^"]+)"/.exec(data)?.[1];
    const waiting = id && acks.get(id);
    if (!waiting) return;
    acks.delete(id);
    waiting(data.startsWith('{"type":"message.ack"') ? null : (/"code":"([^"]+)"/.exec(data)?.[1] ?? "refused"), receivedAt);
  };
  const senderSockets = await inBatches(SENDERS, SENDERS, (i) =>
    openConversation(base, senders[i].cookie, conversationId, onSenderFrame),
  );
  // Wait until the listeners are told that everyone is there (or 60 s more) before measuring.
  const waitUntil = performance.now() + 60_000;
  while (fullAt === null && performance.now() < waitUntil) await sleep(50);
  const openSeconds = ((fullAt ?? performance.now()) - opening) / 1000;
  const framesPerSocket = presenceFrames / Math.max(1, k);
  step(
    `K=${k}: ${listeners.length} listeners and ${SENDERS} senders in the room after ${openSeconds.toFixed(1)} s; ` +
      `${framesPerSocket.toFixed(1)} presence frames per listener meanwhile (${(framesPerSocket / openSeconds).toFixed(1)}/s)` +
      `${fullAt === null ? " (never told everyone was there)" : ""} (load ${load()})`,
  );

  const typingState = senders.map(() => false);
  let turn = 0;
  const sendOne = {
    baseline: (run) => {
      const s = turn++ % SENDERS;
      const send = { t0: performance.now(), got: 0 };
      run.sends.push(send);
      // The same sender and state come back 2 * SENDERS / rate seconds later: they name the frame
      // unless it is later than that.
      typingState[s] = !typingState[s];
      run.byKey.set(typingKey(senders[s].id, typingState[s]), send);
      senderSockets[s].send(JSON.stringify({ type: "typing", active: typingState[s] }));
      return null;
    },
    socket: (run) => {
      const s = turn++ % SENDERS;
      const id = randomUUID();
      const send = { t0: performance.now(), got: 0 };
      run.sends.push(send);
      run.byKey.set(id, send);
      const answered = new Promise((resolve) => {
        const timer = setTimeout(() => {
          acks.delete(id);
          run.errors.push("no answer");
          resolve();
        }, DRAIN_MS);
        acks.set(id, (refusal, at) => {
          clearTimeout(timer);
          run.answers.push(at - send.t0);
          if (refusal) run.errors.push(refusal);
          resolve();
        });
      });
      senderSockets[s].send(JSON.stringify({ type: "message.send", id, content: `Fan-out message ${run.sends.length}` }));
      return answered;
    },
    http: (run) => {
      const s = turn++ % SENDERS;
      const id = randomUUID();
      const send = { t0: performance.now(), got: 0 };
      run.sends.push(send);
      run.byKey.set(id, send);
      return sendMessage(base, senders[s].cookie, conversationId, id, `Fan-out message ${run.sends.length}`).then((res) => {
        run.answers.push(performance.now() - send.t0);
        if (Number.isFinite(res.dbMs)) run.dbWaits.push(res.dbMs);
        if (res.status !== 201 && res.status !== 200) run.errors.push(res.status || res.error);
      });
    },
  };

  // Open loop at `rate`: a send starts on schedule whether or not the last one was answered.
  async function round(mode, seconds, run) {
    current = run;
    const cpu = [groupCpuMs(stopServer.group), clientCpuMs()];
    const pending = [];
    const count = Math.round(rate * seconds);
    const start = performance.now();
    const first = run.sends.length;
    for (let n = 0; n < count; n++) {
      const wait = start + (n * 1000) / rate - performance.now();
      if (wait > 0) await sleep(wait);
      pending.push(sendOne[mode](run));
    }
    await Promise.all(pending);
    const until = performance.now() + DRAIN_MS;
    while (performance.now() < until && run.sends.slice(first).some((s) => s.got < k)) await sleep(50);
    current = null;
    run.serverCpu += groupCpuMs(stopServer.group) - cpu[0];
    run.clientCpu += clientCpuMs() - cpu[1];
  }

  // Warm-up: the first send of each kind pays for compilation and the room's wake-up.
  await round("baseline", 2 / rate, newRun());
  await round("socket", 2 / rate, newRun());
  await round("http", 2 / rate, newRun());
  for (let r = 0; r < rounds; r++) {
    await round("baseline", roundSeconds, runs.baseline);
    await round("socket", roundSeconds, runs.socket);
    await round("http", roundSeconds, runs.http);
  }
  for (const socket of [...listeners, ...senderSockets]) socket.close();
  await sleep(1000);

  return Object.entries(runs).map(([mode, run]) => {
    const sorted = run.latencies.sort((a, b) => a - b);
    const answers = run.answers.sort((a, b) => a - b);
    const delivered = run.sends.reduce((n, s) => n + Math.min(s.got, k), 0);
    return {
      k,
      rate,
      mode,
      sends: run.sends.length,
      errors: run.errors,
      delivered: (100 * delivered) / (run.sends.length * k),
      p50: percentile(sorted, 0.5),
      p95: percentile(sorted, 0.95),
      p99: percentile(sorted, 0.99),
      answerP50: percentile(answers, 0.5),
      dbWaitP50: percentile(
        run.dbWaits.sort((a, b) => a - b),
        0.5,
      ),
      serverCpu: run.serverCpu / run.sends.length,
      clientCpu: run.clientCpu / run.sends.length,
      openSeconds,
      framesPerSocket,
    };
  });
}

const loadBefore = load();
stopServer = startServer({ port, state, vars: { AUTH_SECRET: secret }, log: `${state}/server.log` });
try {
  await waitFor(`${base}/api/health`);
  step(`server up at ${base} (load ${loadBefore})`);
  const rows = [];
  for (const size of sizes) rows.push(...(await measure(size)));
  const loadAfter = load();

  const name = { baseline: "typing relay (baseline)", socket: "message through the socket", http: "message over HTTP" };
  const ms = (n) => (Number.isFinite(n) ? n.toFixed(1) : "-");
  console.log(
    `\n${rounds} interleaved rounds of ${roundSeconds} s per run, ${SENDERS} people taking turns to send, ` +
      `load average ${loadBefore} before and ${loadAfter} after (${new Date().toISOString()})\n`,
  );
  console.log(
    "| listeners | rate | run | sends | errors | delivered | p50 ms | p95 ms | p99 ms | sender's answer p50 ms | its D1 wait p50 ms | server CPU ms a send | bench client CPU ms a send |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
  for (const r of rows) {
    console.log(
      `| ${r.k} | ${r.rate}/s | ${name[r.mode]} | ${r.sends} | ${r.errors.length} | ${r.delivered.toFixed(2)}% | ` +
        `${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${r.mode === "baseline" ? "-" : ms(r.answerP50)} | ` +
        `${r.mode === "http" ? ms(r.dbWaitP50) : "-"} | ${ms(r.serverCpu)} | ${ms(r.clientCpu)} |`,
    );
  }
  console.log(
    `
opening the sockets (through the worker; the newcomer is told who is there, the others who came about once a second): ` +
      rows
        .filter((r) => r.mode === "http")
        .map((r) => `K=${r.k} ${r.openSeconds.toFixed(1)} s, ${r.framesPerSocket.toFixed(1)} presence frames a listener`)
        .join(", "),
  );
  const errors = rows.flatMap((r) => r.errors);
  if (errors.length) console.log(`\nsend errors: ${[...new Set(errors)].join(", ")}`);

  // Targets (issue "Chat at the edge"): a message through the socket against the typing relay in the
  // same room and run: K=1000 p50 at most 1.25 times, K=100 p95 at most 1.5 times; every send delivered.
  const row = (k, mode) => rows.find((r) => r.k === k && r.mode === mode);
  const checks = [];
  const ratioCheck = (k, stat, maxRatio) => {
    const [socket, relay] = [row(k, "socket"), row(k, "baseline")];
    if (!socket || !relay) return;
    const ratio = socket[stat] / relay[stat];
    checks.push([
      `K=${k} ${stat} through the socket ${ms(socket[stat])} ms / typing relay ${ms(relay[stat])} ms = ${ratio.toFixed(2)} (target <= ${maxRatio})`,
      ratio <= maxRatio,
    ]);
  };
  ratioCheck(1000, "p50", 1.25);
  ratioCheck(100, "p95", 1.5);
  for (const r of rows.filter((x) => x.mode !== "baseline")) {
    checks.push([
      `K=${r.k} ${name[r.mode]}: delivered ${r.delivered.toFixed(2)}%, ${r.errors.length} send errors (target 100%, none)`,
      r.delivered === 100 && r.errors.length === 0,
    ]);
  }
  console.log("");
  for (const [text, ok] of checks) console.log(`${ok ? "PASS" : "FAIL"}  ${text}`);
  process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
} finally {
  stopServer();
}
