// Messaging durability run: two people exchange messages through the conversation room's socket (or
// over HTTP: DURABILITY_VIA=http) while the server (the production build under `wrangler dev`, the
// same local data throughout) is killed with SIGKILL and started again mid-stream. The clients retry a send with the same message id after
// any error and catch up by version after every reconnect. Then the database and both clients'
// histories are compared. See bench/README.md.
//
//   npm run bench:durability
//   knobs: DURABILITY_MESSAGES (2000), DURABILITY_RESTARTS (3), DURABILITY_DROP_SHARE (0.05),
//          DURABILITY_VIA ("socket" or "http"), BENCH_PORT (8798), AGORA_STATE_DIR
import { randomBytes, randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import { writeFileSync } from "node:fs";
import { changesAfter, openConversation, sendMessage, sleep } from "./chat/client.mjs";
import { chatWorld } from "./chat/world.mjs";
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

const total = Number(process.env.DURABILITY_MESSAGES ?? 2000);
const restarts = Number(process.env.DURABILITY_RESTARTS ?? 3);
// A kill rarely lands between a send's commit and its answer, so the clients also throw away this
// share of good answers and send again with the same id, as after a connection dropped on the way back.
const dropShare = Number(process.env.DURABILITY_DROP_SHARE ?? 0.05);
// How the apps send: through the room's socket, as the web app sends text (the room acknowledges once
// the message is in its own storage, and writes it to D1 behind), or over HTTP.
const via = process.env.DURABILITY_VIA ?? "socket";
if (via !== "socket" && via !== "http") throw new Error(`DURABILITY_VIA is "socket" or "http", not ${via}`);
// A socket send unanswered this long is sent again (with the same id).
const ACK_TIMEOUT_MS = 5000;

let port = Number(process.env.BENCH_PORT ?? 8798);
if (!(await portIsFree(port))) {
  if (process.env.BENCH_PORT) throw new Error(`port ${port} is in use: choose another with BENCH_PORT`);
  port = await freePort();
}
const base = `http://127.0.0.1:${port}`;
const started = Date.now();
const step = (text) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${text}`);

step(ensureBuild() ? "built dist/" : "dist/ is current");
const state = freshState("durability", `${root}bench/.results/durability-state`);
migrate(state);
const secret = randomBytes(32).toString("hex");
const world = chatWorld({ people: 2, secret, conversations: [{ key: "direct", type: "direct", members: [0, 1] }] });
const conversationId = world.conversationIds.direct;
const seedFile = `${state}/seed.sql`;
writeFileSync(seedFile, world.sql);
executeFile(state, seedFile);
const log = `${state}/server.log`;
const serve = () => startServer({ port, state, vars: { AUTH_SECRET: secret }, log });

/**
 * One person's app: a socket to the conversation that reconnects whenever it drops, a history keyed by
 * message id, and `known`, the version up to which it has every change. A frame past `known + 1`, and
 * every reconnect, starts a catch-up from `known`.
 */
class ChatClient {
  constructor(name, person) {
    this.name = name;
    this.person = person;
    this.history = new Map();
    this.versions = new Set();
    this.known = 0;
    this.sent = [];
    /** Sends that once got no answer: when that first happened, by message id. */
    this.lost = new Map();
    /** Sends whose resend after a thrown-away answer came back with another message than the first. */
    this.resentApart = [];
    this.stopped = false;
    this.catching = null;
    /** Socket sends waiting for the room's answer, by message id. */
    this.acks = new Map();
    this.again = false;
    this.stats = {
      reconnects: 0,
      catchUps: 0,
      live: 0,
      caughtUp: 0,
      answered: 0,
      dropped: 0,
      retriedNoAnswer: 0,
      retried5xx: 0,
      retried429: 0,
    };
  }

  apply(message, how) {
    if (!this.history.has(message.id)) this.stats[how] += 1;
    this.history.set(message.id, message);
    this.versions.add(message.version);
    while (this.versions.has(this.known + 1)) this.known += 1;
  }

  async connect() {
    while (!this.stopped) {
      try {
        this.socket = await openConversation(base, this.person.cookie, conversationId, (data) => this.onFrame(data));
        this.socket.addEventListener("close", () => {
          this.socket = null;
          if (this.stopped) return;
          this.stats.reconnects += 1;
          void this.connect();
        });
        await this.catchUp();
        return;
      } catch {
        await sleep(300);
      }
    }
  }

  onFrame(data) {
    const frame = JSON.parse(data);
    if (frame.type === "message.ack" || frame.type === "message.refused") {
      this.acks.get(frame.id)?.(
        frame.type === "message.ack"
          ? { status: 201, body: { message: frame.message } }
          : { status: frame.code === "RATE_LIMITED" ? 429 : 409, retryAfter: 1, body: frame },
      );
      return;
    }
    if (frame.type !== "message.created") return;
    const gap = frame.message.version > this.known + 1;
    this.apply(frame.message, "live");
    if (gap) void this.catchUp();
  }

  /** Reads every change after `known`, page by page, retrying while the server is away. */
  catchUp() {
    if (this.catching) {
      this.again = true;
      return this.catching;
    }
    this.catching = (async () => {
      do {
        this.again = false;
        this.stats.catchUps += 1;
        for (;;) {
          const page = await changesAfter(base, this.person.cookie, conversationId, this.known);
          if (!page) {
            await sleep(300);
            continue;
          }
          for (const message of page.items) this.apply(message, "caughtUp");
          this.known = Math.max(this.known, page.version);
          if (!page.hasMore) break;
        }
      } while (this.again);
    })().finally(() => (this.catching = null));
    return this.catching;
  }

  /** One send through the socket, answered like `sendMessage` (status 0: no socket, or no answer in time). */
  sendViaSocket(id, content) {
    const socket = this.socket;
    if (!socket) return sleep(100).then(() => ({ status: 0 }));
    return new Promise((resolve) => {
      const timer = setTimeout(() => done({ status: 0 }), ACK_TIMEOUT_MS);
      const done = (answer) => {
        clearTimeout(timer);
        this.acks.delete(id);
        resolve(answer);
      };
      this.acks.set(id, done);
      try {
        socket.send(JSON.stringify({ type: "message.send", id, content }));
      } catch {
        done({ status: 0 });
      }
    });
  }

  /** Sends `count` messages one after another; each is retried with its id until it is stored. */
  async sendAll(count, onStored) {
    for (let n = 1; n <= count; n++) {
      const id = randomUUID();
      let dropped = null;
      for (;;) {
        const text = `${this.name} ${n}`;
        const res =
          via === "socket"
            ? await this.sendViaSocket(id, text)
            : await sendMessage(base, this.person.cookie, conversationId, id, text);
        if (res.status === 0 && !this.lost.has(id)) this.lost.set(id, Date.now());
        if (res.status === 201 && !dropped && Math.random() < dropShare) {
          dropped = res.body.message;
          this.stats.dropped += 1;
          continue;
        }
        if (res.status === 201) {
          if (dropped && (res.body.message.id !== dropped.id || res.body.message.seq !== dropped.seq)) this.resentApart.push(id);
          this.apply(res.body.message, "answered");
          this.sent.push(id);
          onStored();
          break;
        }
        if (res.status === 429) {
          this.stats.retried429 += 1;
          await sleep(Math.max(1, res.retryAfter) * 1000);
        } else if (res.status === 0 || res.status >= 500) {
          this.stats[res.status ? "retried5xx" : "retriedNoAnswer"] += 1;
          await sleep(300);
        } else {
          throw new Error(`${this.name}: send ${n} answered ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        }
      }
    }
  }

  close() {
    this.stopped = true;
    this.socket?.close();
  }
}

let stopServer = serve();
const outages = [];
try {
  await waitFor(`${base}/api/health`);
  step(
    `server up at ${base}; ${total} messages sent ${via === "socket" ? "through the socket" : "over HTTP"}, ${restarts} kills (load ${loadavg()[0].toFixed(1)})`,
  );
  const clients = [new ChatClient("Ana", world.people[0]), new ChatClient("Giorgi", world.people[1])];
  await Promise.all(clients.map((c) => c.connect()));

  let stored = 0;
  const sending = Promise.all(clients.map((c, i) => c.sendAll(total / 2 + (i === 0 ? total % 2 : 0), () => stored++)));
  // Kill points spread over the stream, while both clients have sends in flight.
  const killing = (async () => {
    for (let r = 1; r <= restarts; r++) {
      while (stored < (total * r) / (restarts + 1)) await sleep(20);
      stopServer("SIGKILL");
      const down = performance.now();
      step(`killed the server at ${stored} messages stored`);
      while (!(await portIsFree(port))) await sleep(100);
      await sleep(1000);
      stopServer = serve();
      await waitFor(`${base}/api/health`);
      outages.push(performance.now() - down);
      step(`server back after ${(outages.at(-1) / 1000).toFixed(1)} s`);
    }
  })();
  await Promise.all([sending, killing]);
  step(`all ${stored} sends acknowledged; final catch-up`);
  // Every socket open again and every change read, then the last frames given a moment.
  for (const c of clients) {
    while (!c.socket) await sleep(100);
    await c.catchUp();
  }
  await sleep(1000);
  for (const c of clients) c.close();
  stopServer();
  stopServer = () => {};
  while (!(await portIsFree(port))) await sleep(100);

  const [rows, [conversation]] = query(state, [
    `select id, seq, version, sender_id, content, created_at from messages where conversation_id = '${conversationId}' order by seq`,
    `select version from conversations where id = '${conversationId}'`,
  ]);
  const serverOrder = rows.map((r) => r.id);
  const sent = clients.flatMap((c) => c.sent);
  const sentSet = new Set(sent);
  const byClient = clients.map((c) => [...c.history.values()].sort((a, b) => a.seq - b.seq).map((m) => m.id));
  const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
  const checks = [
    [
      `stored ${rows.length} = sent ${sent.length} (of ${total})`,
      rows.length === total && sent.length === total && rows.every((r) => sentSet.has(r.id)),
    ],
    [
      `no duplicates: ${new Set(rows.map((r) => r.content)).size} distinct texts in ${rows.length} rows`,
      new Set(rows.map((r) => r.content)).size === rows.length,
    ],
    [
      `no gaps: seq 1..${rows.length} in order, conversation version ${conversation?.version}`,
      rows.every((r, i) => r.seq === i + 1) && conversation?.version === rows.length,
    ],
    ...clients.map((c, i) => [
      `${c.name}'s history has the server's ${serverOrder.length} messages in the server's order (${byClient[i].length} held)`,
      same(byClient[i], serverOrder),
    ]),
    [`both histories identical`, same(byClient[0], byClient[1])],
    ...clients.map((c) => [
      `${c.name}: ${c.stats.dropped} answers thrown away and sent again with the same id, ${c.resentApart.length} answered with another message than the first`,
      c.resentApart.length === 0,
    ]),
    ...clients.map((c) => [
      `${c.name}'s messages stored in the order sent`,
      same(
        serverOrder.filter((id) => c.sent.includes(id)),
        c.sent,
      ),
    ]),
  ];

  console.log(
    `\n${total} messages ${via === "socket" ? "through the socket" : "over HTTP"}, ${restarts} kills (SIGKILL), outages ${outages.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(", ")}, ` +
      `${((Date.now() - started) / 1000).toFixed(0)} s in all, load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(", ")} (${new Date().toISOString()})\n`,
  );
  console.log(
    "| client | sent | attempts without an answer | answered 5xx | answered 429 | answers thrown away | reconnects | catch-ups | first seen live | by catch-up | own answer |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|");
  for (const c of clients) {
    const s = c.stats;
    console.log(
      `| ${c.name} | ${c.sent.length} | ${s.retriedNoAnswer} | ${s.retried5xx} | ${s.retried429} | ${s.dropped} | ${s.reconnects} | ${s.catchUps} | ${s.live} | ${s.caughtUp} | ${s.answered} |`,
    );
  }
  // A send stored before its answer was lost is the case the client's own id is for: its retry must
  // have found the stored message rather than written a second one.
  const createdAt = new Map(rows.map((r) => [r.id, r.created_at]));
  const lost = clients.flatMap((c) => [...c.lost]);
  const storedFirst = lost.filter(([id, at]) => createdAt.get(id) <= at).length;
  console.log(
    `\n${lost.length} sends got no answer at least once (the server was killed or down); ${storedFirst} of them had ` +
      `been stored before their answer was lost, and their retries with the same id got the stored message back`,
  );
  console.log("");
  for (const [text, ok] of checks) console.log(`${ok ? "PASS" : "FAIL"}  ${text}`);
  process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
} finally {
  stopServer();
}
