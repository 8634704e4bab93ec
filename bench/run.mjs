// Feed, explore, like, search, points and metrics benchmark: one process run, ratios against a baseline measured in the same run.
// Starts the production build under `wrangler dev` on its own local data, seeds it with SQL, then
// drives it with a closed-loop load from this process. See bench/README.md.
import { mkdirSync, writeFileSync } from "node:fs";
import {
  metricsChecks,
  metricsCommunity,
  metricsCostRequests,
  metricsRuns,
  metricsSeedSql,
  runMetricsCron,
} from "./load/metrics.mjs";
import { pointsCostRequests, pointsChecks, pointsRuns, pointsSeedSql } from "./load/points.mjs";
import { profileWorker, summarize } from "./profile.mjs";
import { ensureBuild, executeFile, freshState, migrate, query, root, sh, startServer, waitFor } from "./server.mjs";

const state = freshState("bench", `${root}bench/.results/state`);
const port = Number(process.env.BENCH_PORT ?? 8799);
const base = `http://127.0.0.1:${port}`;
// Runs alternate in short rounds so a change in background load hits every run alike.
const rounds = Number(process.env.BENCH_ROUNDS ?? 8);
const roundSeconds = Number(process.env.BENCH_ROUND_SECONDS ?? 1.5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
// Which groups of runs to seed and measure (all by default); the baseline always runs.
// Metrics first: its communities are seeded before all others, so the one cron run fills in their history.
const groups = ["metrics", "feed", "explore", "likes", "search", "points"];
const only = process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(",").map((g) => g.trim()) : groups;
for (const g of only) if (!groups.includes(g)) throw new Error(`BENCH_ONLY: unknown group ${g} (one of ${groups.join(", ")})`);
const wants = (group) => only.includes(group);
const origin = { origin: base, "content-type": "application/json" };
// One post per like client, so the clients never toggle the same like.
const likePosts = concurrency;
const likePostId = (i) => `00000004-0000-7000-8000-${(i + 1).toString(16).padStart(12, "0")}`;
// Search: two communities of 1,000 and 200,000 posts written from a 5,000-word vocabulary (five words a
// post, so a word is in about one post in a thousand), each searched by a member of it alone.
const searchSizes = { small: 1_000, large: 200_000 };
const vocabularyWord = (n, factor) => `'w' || ((${n} * ${factor}) % 5000)`;
// The headline word of post 1, so both communities hold it.
const searchWord = "w2919";

function seedSql() {
  const ids = (table) => `printf('%08x-0000-7000-8000-%012x', ${table}, n)`;
  const now = Date.now();
  const cte = (count) => `with recursive seq(n) as (select 1 union all select n + 1 from seq where n < ${count})`;
  const feed = [
    // Two feeds of different sizes.
    `insert into communities (id, name, description, category_key, creator_id, review_status, archived, members_count, posts_count, created_at, updated_at)
     values ('bench-small', 'Bench small', 'feed with 1,000 posts', 'technology', null, 'approved', 0, 2, 1000, ${now}, ${now}),
            ('bench-large', 'Bench large', 'feed with 100,000 posts', 'technology', null, 'approved', 0, 2, 100000, ${now}, ${now});`,
    `${cte(1000)} insert into posts (id, community_id, author_id, headline, content, likes_count, comments_count, created_at, updated_at)
     select ${ids(1)}, 'bench-small', null, 'Post ' || n, 'Benchmark post number ' || n || ' with a few words of content', n % 7, n % 3, ${now} - n * 1000, ${now} from seq;`,
    `${cte(100000)} insert into posts (id, community_id, author_id, headline, content, likes_count, comments_count, created_at, updated_at)
     select ${ids(2)}, 'bench-large', null, 'Post ' || n, 'Benchmark post number ' || n || ' with a few words of content', n % 7, n % 3, ${now} - n * 1000, ${now} from seq;`,
  ];
  // 10,000 communities for explore.
  const explore = [
    `${cte(10000)} insert into communities (id, name, description, category_key, creator_id, review_status, archived, members_count, price, is_paid, created_at, updated_at)
     select ${ids(3)}, 'Community ' || n, 'Explore bench community number ' || n,
       case n % 4 when 0 then 'music' when 1 then 'travel' when 2 then 'design' else 'business' end,
       null, case when n % 10 = 0 then 'under_review' else 'approved' end, 0, (n * 7919) % 5000, (n % 3) * 1000, n % 3 > 0, ${now} - n * 1000, ${now} from seq;`,
  ];
  const likes = [
    // The like run: posts by a real author, so every like earns points and notifies, as in the product.
    `insert into users (id, email, email_verified, full_name, created_at, updated_at)
     values ('bench-author', 'bench-author@example.invalid', 1, 'Bench Author', ${now}, ${now});`,
    `insert into communities (id, name, description, category_key, creator_id, review_status, archived, members_count, posts_count, created_at, updated_at)
     values ('bench-likes', 'Bench likes', 'posts to like', 'technology', 'bench-author', 'approved', 0, 2, ${likePosts}, ${now}, ${now});`,
    `insert into community_members (community_id, profile_id, role, joined_at) values ('bench-likes', 'bench-author', 'admin', ${now});`,
    `${cte(likePosts)} insert into posts (id, community_id, author_id, headline, content, created_at, updated_at)
     select ${ids(4)}, 'bench-likes', 'bench-author', 'Post ' || n, 'A post to like, number ' || n, ${now} - n * 1000, ${now} from seq;`,
  ];
  const search = [
    // Search: the full-text index fills through the posts' insert trigger, as in the product.
    ...Object.entries(searchSizes).flatMap(([size, count], i) => [
      `insert into communities (id, name, description, category_key, creator_id, review_status, archived, members_count, posts_count, created_at, updated_at)
       values ('bench-search-${size}', 'Bench search ${size}', 'searched by its member', 'technology', null, 'approved', 0, 1, ${count}, ${now}, ${now});`,
      `${cte(count)} insert into posts (id, community_id, author_id, headline, content, created_at, updated_at)
       select ${ids(5 + i)}, 'bench-search-${size}', null, 'Notes on ' || ${vocabularyWord("n", 7919)},
         'Benchmark text on ' || ${vocabularyWord("n", 31)} || ' and ' || ${vocabularyWord("n", 131)} || ', with ' ||
         ${vocabularyWord("n", 1031)} || ' and ' || ${vocabularyWord("n", 7)} || ' this week', ${now} - n * 1000, ${now} from seq;`,
    ]),
  ];
  const seeds = { feed, explore, likes, search, points: pointsSeedSql(now, cte), metrics: metricsSeedSql(now, cte) };
  return groups
    .filter(wants)
    .flatMap((g) => seeds[g])
    .join("\n");
}

const d1 = (command) => sh("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", state, "--command", command]);

// Sign-ins are limited per client address (10 in 10 minutes): each person signs in from their own.
let signIns = 0;
async function signIn(email, password) {
  const address = { "cf-connecting-ip": `10.88.0.${++signIns}` };
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { ...origin, ...address },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/**
 * The reader (a member of the three bench communities) and one liker per like client: likes are rate
 * limited per person, so the like run is many people liking, not one person's script. The likers are
 * copies of the reader made with SQL (the same password hash), as sign-ups are limited per address.
 */
async function signUpAndIn() {
  const email = `bench-${Date.now()}@example.com`;
  const password = "bench-pass-2026";
  const r1 = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: origin,
    body: JSON.stringify({ name: "Bench Reader", email, password }),
  });
  if (!r1.ok) throw new Error(`sign-up ${r1.status} ${await r1.text()}`);
  const likerEmail = (i) => `bench-liker-${i}-${email}`;
  const likers = Array.from({ length: concurrency }, (_, i) => i);
  d1(`update users set email_verified = 1 where email = '${email}';
     ${likers
       .map(
         (i) => `insert into users (id, email, email_verified, full_name, created_at, updated_at)
       select 'bench-liker-${i}', '${likerEmail(i)}', 1, 'Bench Liker ${i + 1}', created_at, updated_at from users where email = '${email}';
     insert into accounts (id, user_id, account_id, provider_id, password, created_at, updated_at)
       select 'bench-liker-account-${i}', 'bench-liker-${i}', 'bench-liker-${i}', a.provider_id, a.password, a.created_at, a.updated_at
       from accounts a join users u on u.id = a.user_id where u.email = '${email}';`,
       )
       .join("\n")}
     insert into community_members (community_id, profile_id, role, joined_at) select c.id, u.id, 'member', 0 from communities c, users u
       where (u.email = '${email}' or u.id like 'bench-liker-%') and c.id in ('bench-small', 'bench-large', 'bench-likes');
     insert into community_members (community_id, profile_id, role, joined_at) select c.id, u.id, 'member', ${Date.now()} from communities c, users u
       where u.email = '${email}' and c.id like 'bench-lb-%';
     insert into community_members (community_id, profile_id, role, joined_at) select c.id, u.id, 'admin', ${Date.now()} from communities c, users u
       where u.email = '${email}' and c.id like 'bench-metrics-%';
     ${Object.keys(searchSizes)
       .map(
         (size) => `insert into users (id, email, email_verified, full_name, created_at, updated_at)
       select 'bench-searcher-${size}', 'bench-searcher-${size}-${email}', 1, 'Bench Searcher', created_at, updated_at from users where email = '${email}';
     insert into accounts (id, user_id, account_id, provider_id, password, created_at, updated_at)
       select 'bench-searcher-account-${size}', 'bench-searcher-${size}', 'bench-searcher-${size}', a.provider_id, a.password, a.created_at, a.updated_at
       from accounts a join users u on u.id = a.user_id where u.email = '${email}';
     insert into community_members (community_id, profile_id, role, joined_at)
       select id, 'bench-searcher-${size}', 'member', 0 from communities where id = 'bench-search-${size}';`,
       )
       .join("\n")}`);
  const reader = await signIn(email, password);
  const likerCookies = [];
  for (const i of likers) likerCookies.push(await signIn(likerEmail(i), password));
  const searchers = {};
  for (const size of Object.keys(searchSizes)) searchers[size] = await signIn(`bench-searcher-${size}-${email}`, password);
  return { reader, likers: likerCookies, searchers };
}

/**
 * Closed loop for one round: `concurrency` workers each send the next request when the last answered.
 * A run is a GET of `path`, or `request(worker, n)` for runs whose requests differ per worker and turn.
 */
async function round(run, cookies) {
  const { latencies } = run;
  const cookieOf = (i) => run.cookies?.[i] ?? cookies;
  const end = Date.now() + roundSeconds * 1000;
  const worker = async (i) => {
    while (Date.now() < end) {
      const { method, path } = run.request ? run.request(i, run.turns[i]++) : { method: "GET", path: run.path };
      const t = performance.now();
      const cookie = cookieOf(i);
      const res = await fetch(base + path, { method, headers: method === "GET" ? { cookie } : { cookie, origin: base } });
      await res.arrayBuffer();
      if (!res.ok) run.errors += 1;
      latencies.push(performance.now() - t);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, (_, i) => worker(i)));
  run.elapsed += (performance.now() - started) / 1000;
}

function summary(run) {
  const sorted = [...run.latencies].sort((a, b) => a - b);
  const p = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return {
    name: run.name,
    requests: sorted.length,
    errors: run.errors,
    rps: sorted.length / run.elapsed,
    p50: p(0.5),
    p95: p(0.95),
  };
}

/** Every run gets `rounds` short rounds, interleaved with the others. */
async function interleaved(specs, cookie) {
  const runs = specs.map(([name, target, cookies]) => ({
    name,
    cookies,
    ...(typeof target === "string" ? { path: target } : { request: target }),
    turns: Array(concurrency).fill(0),
    latencies: [],
    errors: 0,
    elapsed: 0,
  }));
  for (let r = 0; r < rounds; r++) for (const run of runs) await round(run, cookie);
  return runs.map(summary);
}

async function cost(path, cookie, method = "GET") {
  const res = await fetch(base + path, { method, headers: method === "GET" ? { cookie } : { cookie, origin: base } });
  const body = await res.json();
  const match = res.headers.get("server-timing")?.match(/statements=(\d+) round-trips=(\d+)/);
  const items =
    body.items?.length ?? body.current?.length ?? (body.posts ? Object.values(body).reduce((n, hits) => n + hits.length, 0) : 0);
  return { status: res.status, items, statements: Number(match?.[1]), roundTrips: Number(match?.[2]) };
}

console.log("building (unless dist/ is current)...");
ensureBuild();
migrate(state);
mkdirSync(`${root}bench/.results`, { recursive: true });
const seedFile = `${root}bench/.results/seed.sql`;
writeFileSync(seedFile, seedSql());
console.log(`seeding (${only.join(", ")})...`);
executeFile(state, seedFile);

// BENCH_PROFILE=1: after the runs, the like run again alone under V8's profiler (bench/profile.mjs).
const profiling = process.env.BENCH_PROFILE === "1" && wants("likes");
const inspectorPort = port + 1;
const stopServer = startServer({
  port,
  state,
  inspectorPort: profiling ? inspectorPort : undefined,
  testScheduled: wants("metrics"),
});
try {
  await waitFor(`${base}/api/health`);
  if (wants("metrics")) {
    // The metrics page reads the cron's rollups: one run writes them, as on a new deployment.
    const ms = await runMetricsCron(base);
    const [rows] = query(state, [
      `select community_id, count(*) as days from community_metric_days where community_id like '${metricsCommunity("")}%' group by community_id`,
    ]);
    console.log(
      `metrics cron: one run in ${(ms / 1000).toFixed(1)} s wrote ${rows.map((r) => `${r.days} days of ${r.community_id}`).join(", ")}`,
    );
    if (rows.length !== 2 || rows.some((r) => r.days < 365))
      throw new Error("the cron run did not fill in the metrics communities' year");
  }
  const { reader: cookie, likers, searchers } = await signUpAndIn();
  const feed = (id, limit) => `/api/communities/${id}/posts?limit=${limit}`;
  // Warm up every path once so no run pays for first-request compilation.
  for (const path of [
    "/api/health/db",
    feed("bench-small", 20),
    feed("bench-large", 20),
    "/api/communities?limit=12",
    ...pointsRuns.map(([, p]) => p),
    ...metricsRuns.map(([, p]) => p),
  ]) {
    await fetch(base + path, { headers: { cookie } });
  }
  // The header's search as typed (a word, the start of one), asking for its three hits a kind.
  const search = (q) => `/api/search?q=${encodeURIComponent(q)}&limit=3`;
  const searchAs = (size) => Array(concurrency).fill(searchers[size]);
  for (const size of Object.keys(searchSizes)) await fetch(base + search(searchWord), { headers: { cookie: searchers[size] } });

  const like = (i) => `/api/posts/${likePostId(i)}/like`;
  // Each like client toggles its own post: like, unlike, like, ...
  const toggle = (i, n) => ({ method: n % 2 === 0 ? "POST" : "DELETE", path: like(i) });
  const costRequests = {
    feed: {
      "feed, page size 5": () => cost(feed("bench-large", 5), cookie),
      "feed, page size 20": () => cost(feed("bench-large", 20), cookie),
    },
    explore: {
      "explore, page size 12": () => cost("/api/communities?limit=12", cookie),
      "explore, page size 48": () => cost("/api/communities?limit=48", cookie),
      "explore, music by price, page size 48": () => cost("/api/communities?limit=48&category=music&sort=price_low", cookie),
      "explore by a word, 10,000 communities": () => cost("/api/communities?limit=12&q=explore", cookie),
    },
    likes: {
      "like a post": () => cost(like(0), likers[0], "POST"),
      "unlike a post": () => cost(like(0), likers[0], "DELETE"),
    },
    search: {
      "search a word, 1,000 posts": () => cost(search(searchWord), searchers.small),
      "search a word, 200,000 posts": () => cost(search(searchWord), searchers.large),
      "search a word's start, 200,000 posts": () => cost(search("w291"), searchers.large),
      "search a word in every post, 200,000 posts": () => cost(search("benchmark"), searchers.large),
    },
    points: Object.fromEntries(Object.entries(pointsCostRequests).map(([name, path]) => [name, () => cost(path, cookie)])),
    metrics: Object.fromEntries(Object.entries(metricsCostRequests).map(([name, path]) => [name, () => cost(path, cookie)])),
  };
  // One request at a time (the like before its unlike), so each is measured alone.
  const costs = {};
  for (const g of groups.filter(wants))
    for (const [name, request] of Object.entries(costRequests[g])) costs[name] = await request();
  const runSpecs = {
    feed: [
      ["feed, 1,000 posts, page 20", feed("bench-small", 20)],
      ["feed, 100,000 posts, page 20", feed("bench-large", 20)],
    ],
    explore: [["explore, 10,000 communities, page 12", "/api/communities?limit=12"]],
    likes: [[`like/unlike toggling, ${concurrency} people on ${concurrency} posts`, toggle, likers]],
    search: [
      ["search a word, 1,000 posts", search(searchWord), searchAs("small")],
      ["search a word, 200,000 posts", search(searchWord), searchAs("large")],
      ["search a word's start, 200,000 posts", search("w291"), searchAs("large")],
      ["search a word in every post, 200,000 posts", search("benchmark"), searchAs("large")],
    ],
    points: pointsRuns,
    metrics: metricsRuns,
  };
  const rows = await interleaved(
    [["baseline: one indexed D1 read", "/api/health/db"], ...groups.filter(wants).flatMap((g) => runSpecs[g])],
    cookie,
  );
  const row = (name) => rows.find((r) => r.name === name);
  const baseline = rows[0];
  console.log(
    `\nclosed loop, ${concurrency} concurrent, ${rounds} interleaved rounds of ${roundSeconds} s per run (${new Date().toISOString()})\n`,
  );
  console.log("| run | requests | errors | req/s | p50 ms | p95 ms | throughput vs baseline |");
  console.log("|---|---|---|---|---|---|---|");
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.requests} | ${r.errors} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${(r.rps / baseline.rps).toFixed(2)} |`,
    );
  }
  console.log("\n| request | items | D1 statements | D1 round trips |\n|---|---|---|---|");
  for (const [name, c] of Object.entries(costs)) console.log(`| ${name} | ${c.items} | ${c.statements} | ${c.roundTrips} |`);
  const checksOf = {
    feed: () => {
      const [small, large] = [row("feed, 1,000 posts, page 20"), row("feed, 100,000 posts, page 20")];
      const ratio = large.p50 / small.p50;
      return [
        [`feed throughput vs baseline ${(large.rps / baseline.rps).toFixed(2)} (target >= 0.5)`, large.rps / baseline.rps >= 0.5],
        [
          `feed statements ${costs["feed, page size 5"].statements} and ${costs["feed, page size 20"].statements} in ${costs["feed, page size 20"].roundTrips} round trip (target <= 3 in 1, same for both sizes)`,
          costs["feed, page size 5"].statements <= 3 &&
            costs["feed, page size 5"].statements === costs["feed, page size 20"].statements &&
            costs["feed, page size 20"].roundTrips === 1,
        ],
        [`feed p50 100,000 / 1,000 posts ${ratio.toFixed(2)} (target <= 1.3)`, ratio <= 1.3],
      ];
    },
    explore: () => [
      [
        `explore statements ${costs["explore, page size 12"].statements} and ${costs["explore, page size 48"].statements} (same for both sizes)`,
        costs["explore, page size 12"].statements === costs["explore, page size 48"].statements,
      ],
    ],
    likes: () => {
      const likes = row(`like/unlike toggling, ${concurrency} people on ${concurrency} posts`);
      return [
        [
          `like/unlike throughput vs baseline ${(likes.rps / baseline.rps).toFixed(2)} (target >= 0.5), ${likes.errors} errors`,
          likes.rps / baseline.rps >= 0.5 && likes.errors === 0,
        ],
        [
          `like and unlike round trips ${costs["like a post"].roundTrips} and ${costs["unlike a post"].roundTrips} (target <= 2)`,
          costs["like a post"].roundTrips <= 2 && costs["unlike a post"].roundTrips <= 2,
        ],
      ];
    },
    search: () => {
      const [searchSmall, searchLarge] = [row("search a word, 1,000 posts"), row("search a word, 200,000 posts")];
      return [
        [
          `search round trips ${Object.entries(costs)
            .filter(([k]) => k.startsWith("search"))
            .map(([, c]) => c.roundTrips)
            .join(", ")} (target 1 each)`,
          Object.entries(costs)
            .filter(([k]) => k.startsWith("search"))
            .every(([, c]) => c.roundTrips === 1 && c.status === 200),
        ],
        [
          `search p50 200,000 / 1,000 posts ${(searchLarge.p50 / searchSmall.p50).toFixed(2)} (target <= 1.5)`,
          searchLarge.p50 / searchSmall.p50 <= 1.5,
        ],
        [
          `search throughput at 200,000 posts vs baseline ${(searchLarge.rps / baseline.rps).toFixed(2)} (target >= 0.5), ${searchLarge.errors} errors`,
          searchLarge.rps / baseline.rps >= 0.5 && searchLarge.errors === 0,
        ],
      ];
    },
    points: () => pointsChecks(row, costs, baseline),
    metrics: () => metricsChecks(row, costs, baseline),
  };
  if (profiling) {
    const file = `${root}bench/.results/like.cpuprofile`;
    const [likeRun] = runSpecs.likes;
    const profile = await profileWorker(inspectorPort, file, () => interleaved([likeRun], cookie));
    console.log(`\nCPU profile of the worker during ${rounds} rounds of the like run alone (${file}):\n`);
    console.log(summarize(profile));
  }
  const checks = groups.filter(wants).flatMap((g) => checksOf[g]());
  console.log("");
  for (const [text, ok] of checks) console.log(`${ok ? "PASS" : "FAIL"}  ${text}`);
  process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
} finally {
  stopServer();
}
