// The leaderboard and members part of `npm run bench`: two communities of 10,000 members each, one
// with a points ledger of 1,000 rows and one with 100,000, written with SQL the way the product writes
// them (the ledger, each member's all-time total in `user_points`, each member's daily sum in
// `point_days`), so every sum equals the ledger.
//
// Both ledgers grow at the same pace, 100 rows a day (about one like every 15 minutes): the one of
// 1,000 rows is 10 days old, the one of 100,000 rows some 2.7 years, so a week holds the same 700 rows
// in both and what differs is the history behind it, and how many members have points at all
// (1,000 against 10,000).

const DAY_MS = 86_400_000;
const ROWS_PER_DAY = 100;
export const pointsMembers = 10_000;
export const ledgerSizes = { small: 1_000, large: 100_000 };
export const pointsCommunity = (size) => `bench-lb-${size}`;

/** Seed statements: the members (shared by both communities), the memberships, the ledgers and their sums. */
export function pointsSeedSql(now, cte) {
  const user = (n) => `printf('%08x-0000-7000-8000-%012x', 7, ${n})`;
  const communities = Object.keys(ledgerSizes).map(pointsCommunity);
  const inBench = communities.map((id) => `'${id}'`).join(", ");
  return [
    `${cte(pointsMembers)} insert into users (id, email, email_verified, full_name, profession, created_at, updated_at)
     select ${user("n")}, 'bench-lb-' || n || '@example.invalid', 1, 'Member ' || n, 'Profession ' || (n % 50), ${now}, ${now} from seq;`,
    ...Object.entries(ledgerSizes).flatMap(([size, rows], i) => [
      `insert into communities (id, name, description, category_key, creator_id, review_status, archived, members_count, posts_count, created_at, updated_at)
       values ('${pointsCommunity(size)}', 'Bench points ${size}', 'leaderboard over ${rows} ledger rows', 'technology', null, 'approved', 0, ${pointsMembers}, 0, ${now}, ${now});`,
      `${cte(pointsMembers)} insert into community_members (community_id, profile_id, role, joined_at)
       select '${pointsCommunity(size)}', ${user("n")}, case when n % 1000 = 0 then 'moderator' else 'member' end, ${now} - n * 60000 from seq;`,
      // Likes received, spread over the members, one every DAY_MS / ROWS_PER_DAY back from now, each from its own source.
      `${cte(rows)} insert into point_events (id, user_id, community_id, amount, reason, source_kind, source_id, created_at)
       select printf('%08x-0000-7000-8000-%012x', ${8 + i}, n), ${user(`1 + (n * 7919) % ${pointsMembers}`)}, '${pointsCommunity(size)}', 2,
         'post_like_received', 'post_like', 'bench-like-' || n, ${now} - n * ${DAY_MS / ROWS_PER_DAY} from seq;`,
    ]),
    `insert into user_points (user_id, community_id, points, updated_at)
     select user_id, community_id, sum(amount), ${now} from point_events where community_id in (${inBench}) group by user_id, community_id;`,
    `insert into point_days (community_id, user_id, day, points)
     select community_id, user_id, created_at / ${DAY_MS}, sum(amount) from point_events where community_id in (${inBench})
     group by community_id, user_id, created_at / ${DAY_MS};`,
  ];
}

const leaderboard = (size, period) => `/api/communities/${pointsCommunity(size)}/leaderboard?period=${period}`;
const members = (size, query = "") => `/api/communities/${pointsCommunity(size)}/members${query}`;

/** The requests whose D1 cost goes into the table, by name. */
export const pointsCostRequests = {
  "leaderboard, all time, 1,000 ledger rows": leaderboard("small", "allTime"),
  "leaderboard, all time, 100,000 ledger rows": leaderboard("large", "allTime"),
  "leaderboard, week, 1,000 ledger rows": leaderboard("small", "week"),
  "leaderboard, week, 100,000 ledger rows": leaderboard("large", "week"),
  "members, page 30, 100,000 ledger rows": members("large"),
  "members, page 100, 100,000 ledger rows": members("large", "?limit=100"),
  "members by points, page 30, 100,000 ledger rows": members("large", "?sort=points"),
};

/** The timed runs, `[name, path]`, read by the checks below through these names. */
export const pointsRuns = [
  ["leaderboard, all time, 1,000 ledger rows, 10,000 members", leaderboard("small", "allTime")],
  ["leaderboard, all time, 100,000 ledger rows, 10,000 members", leaderboard("large", "allTime")],
  ["leaderboard, week, 1,000 ledger rows, 10,000 members", leaderboard("small", "week")],
  ["leaderboard, week, 100,000 ledger rows, 10,000 members", leaderboard("large", "week")],
  ["members, 1,000 ledger rows, 10,000 members", members("small")],
  ["members, 100,000 ledger rows, 10,000 members", members("large")],
  ["members by points, 1,000 ledger rows, 10,000 members", members("small", "?sort=points")],
  ["members by points, 100,000 ledger rows, 10,000 members", members("large", "?sort=points")],
];

/** Pass/fail checks over the runs (`row(name)`) and the costs (by the names above), against the baseline. */
export function pointsChecks(row, costs, baseline) {
  const checks = [];
  for (const label of ["leaderboard, all time", "leaderboard, week", "members", "members by points"]) {
    const small = row(`${label}, 1,000 ledger rows, 10,000 members`);
    const large = row(`${label}, 100,000 ledger rows, 10,000 members`);
    const throughput = large.rps / baseline.rps;
    checks.push(
      [
        `${label} throughput at 100,000 ledger rows vs baseline ${throughput.toFixed(2)} (target >= 0.5), ${small.errors + large.errors} errors`,
        throughput >= 0.5 && small.errors + large.errors === 0,
      ],
      [
        `${label} p50 100,000 / 1,000 ledger rows ${(large.p50 / small.p50).toFixed(2)} (target <= 1.3)`,
        large.p50 / small.p50 <= 1.3,
      ],
    );
  }
  const entries = Object.entries(costs).filter(([name]) => name in pointsCostRequests);
  const statements = (prefix) => entries.filter(([name]) => name.startsWith(prefix)).map(([, c]) => c.statements);
  checks.push(
    [
      `leaderboard and members round trips ${entries.map(([, c]) => c.roundTrips).join(", ")} (target 1 each)`,
      entries.every(([, c]) => c.roundTrips === 1 && c.status === 200),
    ],
    [
      `leaderboard statements ${statements("leaderboard").join(", ")}, members ${statements("members, page").join(" and ")} (the same at any size)`,
      new Set(statements("leaderboard")).size === 1 && new Set(statements("members, page")).size === 1,
    ],
  );
  return checks;
}
