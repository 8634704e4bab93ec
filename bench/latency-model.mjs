// Worldwide latency model: runs the real app locally, measures each main action's local time and reads
// its hops from the real answers (Server-Timing: D1 round trips and room calls), then models what a
// member in Tbilisi, Sydney and São Paulo waits, with published round-trip times (bench/latency/model.mjs).
// See bench/README.md, "Worldwide latency model".
//
//   npm run bench:latency        knobs: BENCH_PORT (8799), LATENCY_SAMPLES (15), AGORA_STATE_DIR
import { randomBytes, randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { openConversation } from "./chat/client.mjs";
import { chatWorld } from "./chat/world.mjs";
import { CITIES, CITY_NAMES, delivery, modelled, percentile } from "./latency/model.mjs";
import { ensureBuild, executeFile, freshState, migrate, root, startServer, waitFor } from "./server.mjs";

const port = Number(process.env.BENCH_PORT ?? 8799);
const samples = Number(process.env.LATENCY_SAMPLES ?? 15);
const base = `http://127.0.0.1:${port}`;
const people = 2 * (samples + 2);

ensureBuild();
const state = freshState("latency", `${root}bench/.results/latency-state`);
migrate(state);
const secret = randomBytes(32).toString("hex");
// Direct conversations of pairs (0, 1), (2, 3), ...: the even one sends, the odd one receives.
const pairs = Array.from({ length: people / 2 }, (_, k) => ({ key: `pair-${k}`, type: "direct", members: [2 * k, 2 * k + 1] }));
const world = chatWorld({ people, conversations: pairs, secret });
const communityId = world.sql.match(/insert into communities[^']*'([^']+)'/)[1];
// A community nobody is in yet, for the join.
const joinId = randomUUID();
const now = Date.now();
writeFileSync(
  `${state}/seed.sql`,
  `${world.sql}
insert into communities (id, name, description, category_key, creator_id, review_status, archived, members_count, created_at, updated_at)
values ('${joinId}', 'Latency join', 'joined by every member once', 'technology', null, 'approved', 0, 0, ${now}, ${now});`,
);
executeFile(state, `${state}/seed.sql`);

/** One request: its local time (ms), status, and the hops its answer reports. */
async function request(person, method, path, body) {
  const headers = {
    cookie: person.cookie,
    accept: method === "GET" && !path.startsWith("/api") ? "text/html" : "application/json",
  };
  if (method !== "GET")
    Object.assign(headers, { origin: base, "content-type": "application/json", "idempotency-key": randomUUID() });
  const started = performance.now();
  const res = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
  const timing = res.headers.get("server-timing") ?? "";
  if (process.env.LATENCY_DEBUG) console.log(method, path, res.status, timing);
  const roundTrips = Number(timing.match(/round-trips=(\d+)/)?.[1] ?? 0);
  const roomCalls = Number(timing.match(/room-calls=(\d+)/)?.[1] ?? 0);
  return { ms, roundTrips, roomCalls, json: res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : null };
}

/** Requests made together (as a page's reads are): the slowest one's time and the most round trips of any. */
async function together(list) {
  const answers = await Promise.all(list.map((r) => r()));
  return {
    ms: Math.max(...answers.map((a) => a.ms)),
    roundTrips: Math.max(...answers.map((a) => a.roundTrips)),
    roomCalls: answers.reduce((n, a) => n + a.roomCalls, 0),
    answers,
  };
}

const stop = startServer({ port, state, vars: { AUTH_SECRET: secret }, log: `${state}/server.log` });
const results = [];
try {
  await waitFor(`${base}/api/health`);
  const senders = world.people.filter((_, i) => i % 2 === 0);
  const author = world.people[1];
  const firstPost = (
    await request(author, "POST", `/api/communities/${communityId}/posts`, { content: "A post to open", headline: null })
  ).json.post.id;

  /**
   * Each action: what the member's device does, as stages of requests one after another (`stages`, each
   * a list made together); `write` for hops to the primary, else reads in a D1 session (replica).
   * A document carries no Server-Timing of its own: its reads are the API's, called inside the worker in
   * the stages its route makes (worker/features/pages/pages.routes.ts). So the document's time is
   * measured whole, and its hops are read from the same API reads made in the same stages: the sum over
   * the stages of the most round trips of one read.
   */
  const actions = [
    {
      name: "open the feed (document, first screen inlined)",
      run: async (p) => {
        const doc = await request(p, "GET", `/?id=${communityId}`);
        const s1 = await together([() => request(p, "GET", "/api/me"), () => request(p, "GET", "/api/me/communities")]);
        const s2 = await together(
          ["posts?limit=20", "topics", "stats"].map((x) => () => request(p, "GET", `/api/communities/${communityId}/${x}`)),
        );
        return { localMs: doc.ms, hops: { client: 1, replica: s1.roundTrips + s2.roundTrips } };
      },
    },
    {
      name: "open a post (document, first screen inlined)",
      run: async (p) => {
        const doc = await request(p, "GET", `/post/${firstPost}`);
        const s1 = await together([
          () => request(p, "GET", "/api/me"),
          () => request(p, "GET", `/api/communities/${communityId}`),
          () => request(p, "GET", `/api/posts/${firstPost}`),
          () => request(p, "GET", `/api/posts/${firstPost}/comments?limit=20`),
        ]);
        // Before those reads the page looks up the post's community itself (one read of its own).
        return { localMs: doc.ms, hops: { client: 1, replica: 1 + s1.roundTrips } };
      },
    },
    { name: "like a post", write: true, run: (p) => request(p, "POST", `/api/posts/${firstPost}/like`) },
    {
      name: "comment",
      write: true,
      run: (p) => request(p, "POST", `/api/posts/${firstPost}/comments`, { content: "A comment from far away" }),
    },
    {
      name: "post",
      write: true,
      run: (p) =>
        request(p, "POST", `/api/communities/${communityId}/posts`, { content: "A post from far away", headline: null }),
    },
    { name: "join a community", write: true, run: (p) => request(p, "POST", `/api/communities/${joinId}/join`, {}) },
    {
      // Over HTTP (an image, or a client without the socket): the worker's checks (Server-Timing), then
      // the room, which fans the message out and writes it to D1 before the API answers. So the answer
      // waits for one room round trip and the room's own write to the primary besides the request's
      // round trips; the delivery does not wait for the room's write.
      name: "send a message over HTTP (sender's acknowledgement, room near the members)",
      write: true,
      delivery: true,
      roomNear: true,
      run: async (p) => {
        const a = await request(p, "POST", `/api/conversations/${world.conversationIds[`pair-${p.pairIndex}`]}/messages`, {
          id: randomUUID(),
          content: "Hello from far away",
        });
        return { ...a, hops: { client: 1, primary: a.roundTrips + 1, room: 1 }, deliveryHops: { primary: a.roundTrips } };
      },
    },
    {
      // As the web app sends text: a `message.send` frame through the chat's open socket; the room
      // stores and numbers it, answers the sender and fans it out, and writes it to D1 behind. Timed from
      // the frame to the sender's `message.ack` and to the other person's `message.created`.
      name: "send a message through the chat's socket (sender's acknowledgement)",
      socket: true,
      run: async (p) => {
        const id = world.conversationIds[`pair-${p.pairIndex}`];
        const other = world.people[2 * p.pairIndex + 1];
        const messageId = randomUUID();
        let acked = 0;
        let delivered = 0;
        const done = new Promise((resolve) => {
          const check = () => {
            if (acked && delivered) resolve();
          };
          p.onFrame = (data, at) => {
            if (!data.includes('"type":"message.ack"') || !data.includes(messageId)) return;
            acked = at;
            check();
          };
          other.onFrame = (data, at) => {
            if (!data.startsWith('{"type":"message.created"') || !data.includes(messageId)) return;
            delivered = at;
            check();
          };
        });
        p.socket ??= await openConversation(base, p.cookie, id, (data, at) => p.onFrame?.(data, at));
        other.socket ??= await openConversation(base, other.cookie, id, (data, at) => other.onFrame?.(data, at));
        const started = performance.now();
        p.socket.send(JSON.stringify({ type: "message.send", id: messageId, content: "Hello from far away" }));
        await done;
        return { localMs: acked - started, deliveryMs: delivered - started, hops: { client: 1, room: 1 } };
      },
    },
    {
      // The history read waits for the room to say D1 has all it took (one worker ↔ room round trip,
      // after the access read).
      name: "open a chat (in the app)",
      run: async (p) => {
        const id = world.conversationIds[`pair-${p.pairIndex}`];
        const s = await together([
          () => request(p, "GET", `/api/conversations/${id}`),
          () => request(p, "GET", `/api/conversations/${id}/messages?limit=50`),
        ]);
        return { localMs: s.ms, hops: { client: 1, replica: s.roundTrips, room: 1 } };
      },
    },
    { name: "mark notifications read", write: true, run: (p) => request(p, "POST", "/api/notifications/read-all", {}) },
  ];

  senders.forEach((p, k) => (p.pairIndex = k));
  for (const action of actions) {
    const runs = [];
    // Two warm-up runs (the first request of a route compiles it), then the samples, one person each.
    for (let i = 0; i < samples + 2; i++) {
      const a = await action.run(senders[i % senders.length]);
      const hops = a.hops ?? { client: 1, [action.write ? "primary" : "replica"]: a.roundTrips, room: 0 };
      if (i >= 2)
        runs.push({
          localMs: a.ms ?? a.localMs,
          deliveryMs: a.deliveryMs,
          hops,
          deliveryHops: a.deliveryHops,
          roomCalls: a.roomCalls ?? 0,
        });
    }
    results.push({ action, runs });
  }
} finally {
  for (const person of world.people) person.socket?.close();
  stop();
}

// The hops of an action are the same in every run (they are its code's); the p50 is over local times.
const rows = results.flatMap(({ action, runs }) => {
  const hops = runs[0].hops;
  const local = percentile(
    runs.map((r) => r.localMs),
    0.5,
  );
  const row = { name: action.name, local, hops, roomCalls: runs[0].roomCalls };
  const out = [
    {
      ...row,
      city: Object.fromEntries(CITIES.map((c) => [c, modelled({ localMs: local, hops }, c, action.roomNear ? { room: c } : {})])),
    },
  ];
  if (action.delivery) {
    const deliveryHops = runs[0].deliveryHops ?? hops;
    out.push(
      {
        ...row,
        name: "send a message over HTTP (delivery to the other participant, room in Frankfurt)",
        city: Object.fromEntries(CITIES.map((c) => [c, delivery({ localMs: local, hops: deliveryHops }, c)])),
      },
      {
        ...row,
        name: "send a message over HTTP (delivery to the other participant in the same city, room near them)",
        city: Object.fromEntries(
          CITIES.map((c) => [c, delivery({ localMs: local, hops: deliveryHops }, c, { room: c, other: c })]),
        ),
      },
    );
  }
  if (action.socket) {
    // The room lives where it was first used: near two members of one city (`near`), or in Frankfurt.
    const deliveryLocal = percentile(
      runs.map((r) => r.deliveryMs),
      0.5,
    );
    out[0] = {
      ...row,
      name: `${action.name}, room near the members`,
      city: Object.fromEntries(CITIES.map((c) => [c, modelled({ localMs: local, hops }, c, { room: c })])),
    };
    out.push(
      {
        ...row,
        name: `${action.name}, room in Frankfurt`,
        city: Object.fromEntries(CITIES.map((c) => [c, modelled({ localMs: local, hops }, c)])),
      },
      {
        ...row,
        local: deliveryLocal,
        hops: { client: 1, room: 1 },
        name: "send a message through the chat's socket (delivery to the other participant in the same city, room near them)",
        city: Object.fromEntries(
          CITIES.map((c) => [c, delivery({ localMs: deliveryLocal, hops: {} }, c, { room: c, other: c })]),
        ),
      },
      {
        ...row,
        local: deliveryLocal,
        hops: { client: 1, room: 1 },
        name: "send a message through the chat's socket (delivery to the other participant in the same city, room in Frankfurt)",
        city: Object.fromEntries(CITIES.map((c) => [c, delivery({ localMs: deliveryLocal, hops: {} }, c, { other: c })])),
      },
    );
  }
  return out;
});

const fmt = (n) => n.toFixed(0);
const hopText = (h, rooms) =>
  [
    `${h.client} client`,
    h.primary ? `${h.primary} primary` : "",
    h.replica ? `${h.replica} replica` : "",
    h.room ? `${h.room} room` : "",
    rooms ? `${rooms} room (after)` : "",
  ]
    .filter(Boolean)
    .join(", ");
console.log(`\n${samples} samples an action, ${new Date().toISOString()}\n`);
console.log(`| action | hops | local p50 ms | ${CITIES.map((c) => `${CITY_NAMES[c]} p50 ms`).join(" | ")} |`);
console.log(`| --- | --- | --- | ${CITIES.map(() => "---").join(" | ")} |`);
for (const r of rows) {
  console.log(
    `| ${r.name} | ${hopText(r.hops, r.roomCalls)} | ${r.local.toFixed(1)} | ${CITIES.map((c) => fmt(r.city[c])).join(" | ")} |`,
  );
}

// Projections: the same measured local times with the hops a fix would leave.
const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
const projections = [
  // Only writes that make more than one primary round trip have one to save.
  ...["like a post", "comment", "post", "join a community", "mark notifications read"]
    .filter((name) => byName[name].hops.primary > 1)
    .map((name) => ({
      name,
      fix: "one primary round trip (the access read inside the write batch)",
      hops: { ...byName[name].hops, primary: Math.min(1, byName[name].hops.primary) },
    })),
];
console.log(`\nProjection (hops changed by hand, the same local times):\n`);
console.log(`| action | fix | hops after | ${CITIES.map((c) => `${CITY_NAMES[c]} ms now → after`).join(" | ")} |`);
console.log(`| --- | --- | --- | ${CITIES.map(() => "---").join(" | ")} |`);
for (const p of projections) {
  const r = byName[p.name];
  const after = (c) => modelled({ localMs: r.local, hops: p.hops }, c);
  console.log(
    `| ${p.name} | ${p.fix} | ${hopText(p.hops, 0)} | ${CITIES.map((c) => `${fmt(r.city[c])} → ${fmt(after(c))}`).join(" | ")} |`,
  );
}
// Reads need the database's read replication turned on (a setting of the database, not of this code):
// without it every read in a session goes to the primary too.
console.log(`\nReads with read replication off (the same hops, on the primary):\n`);
console.log(`| action | ${CITIES.map((c) => `${CITY_NAMES[c]} ms`).join(" | ")} |`);
console.log(`| --- | ${CITIES.map(() => "---").join(" | ")} |`);
for (const r of rows.filter((x) => x.hops.replica)) {
  const onPrimary = { ...r.hops, primary: r.hops.replica, replica: 0 };
  console.log(`| ${r.name} | ${CITIES.map((c) => fmt(modelled({ localMs: r.local, hops: onPrimary }, c))).join(" | ")} |`);
}
