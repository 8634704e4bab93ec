// The metrics part of `npm run bench`: two communities of 1,000 members each, one with 1,000 events over
// the last year and one with 100,000 (posts, comments and likes, spread evenly over 365 days), written
// with SQL as the product writes them. The daily rollups are not seeded: the bench runs the product's
// own cron once (wrangler dev --test-scheduled), which fills in each community's year the way a new
// deployment would, and the page's requests then read what it wrote.

const DAY_MS = 86_400_000;
const YEAR_MS = 365 * DAY_MS;
export const metricsMembers = 1_000;
export const eventCounts = { small: 1_000, large: 100_000 };
export const metricsCommunity = (size) => `bench-metrics-${size}`;

/** Seed statements: the members (shared by both communities), the memberships and each community's events. */
export function metricsSeedSql(now, cte) {
  const id = (table, n) => `printf('%08x-0000-7000-8000-%012x', ${table}, ${n})`;
  const user = (n) => id(0x20, n);
  const statements = [
    `${cte(metricsMembers)} insert into users (id, email, email_verified, full_name, created_at, updated_at)
     select ${user("n")}, 'bench-metrics-' || n || '@example.invalid', 1, 'Member ' || n, ${now} - ${YEAR_MS}, ${now} from seq;`,
  ];
  Object.entries(eventCounts).forEach(([size, events], i) => {
    const community = metricsCommunity(size);
    // A fifth of the events are posts, two fifths comments on them, two fifths likes of them.
    const posts = events / 5;
    const comments = (events * 2) / 5;
    const likes = (events * 2) / 5;
    const spread = (count) => `${now} - ${YEAR_MS} + (n * ${Math.floor(YEAR_MS / count)})`;
    const post = (n) => id(0x21 + i * 4, n);
    statements.push(
      `insert into communities (id, name, description, category_key, creator_id, review_status, archived, members_count, posts_count, created_at, updated_at)
       values ('${community}', 'Bench metrics ${size}', 'metrics over ${events} events', 'technology', null, 'approved', 0, ${metricsMembers}, ${posts}, ${now} - ${YEAR_MS}, ${now});`,
      // Members joined over the year, so the joins chart has a day for each.
      `${cte(metricsMembers)} insert into community_members (community_id, profile_id, role, joined_at)
       select '${community}', ${user("n")}, 'member', ${spread(metricsMembers)} - 1 from seq;`,
      `${cte(posts)} insert into posts (id, community_id, author_id, headline, content, created_at, updated_at)
       select ${post("n")}, '${community}', ${user(`1 + (n * 7919) % ${metricsMembers}`)}, 'Post ' || n, 'Metrics bench post ' || n, ${spread(posts)}, ${now} from seq;`,
      `${cte(comments)} insert into post_comments (id, post_id, author_id, content, created_at, updated_at)
       select ${id(0x22 + i * 4, "n")}, ${post(`1 + n % ${posts}`)}, ${user(`1 + (n * 31) % ${metricsMembers}`)}, 'Comment ' || n, ${spread(comments)}, ${now} from seq;`,
      // Each post liked by distinct people: the k-th like of a post comes from a member k * 17 further on.
      `${cte(likes)} insert into post_likes (post_id, user_id, created_at)
       select ${post(`1 + n % ${posts}`)}, ${user(`1 + (n + (n / ${posts}) * 17) % ${metricsMembers}`)}, ${spread(likes)} from seq;`,
    );
  });
  return statements;
}

const metricsPath = (size, days) => `/api/communities/${metricsCommunity(size)}/metrics?days=${days}`;

/** The requests whose D1 cost goes into the table, by name. */
export const metricsCostRequests = {
  "metrics, 30 days, 1,000 events": metricsPath("small", 30),
  "metrics, 30 days, 100,000 events": metricsPath("large", 30),
  "metrics, 365 days, 1,000 events": metricsPath("small", 365),
  "metrics, 365 days, 100,000 events": metricsPath("large", 365),
};

/** The timed runs, `[name, path]`, read by the checks below through these names. */
export const metricsRuns = [30, 365].flatMap((days) =>
  Object.entries(eventCounts).map(([size, events]) => [
    `metrics, ${days} days, ${events.toLocaleString("en")} events`,
    metricsPath(size, days),
  ]),
);

/** Pass/fail checks over the runs (`row(name)`) and the costs (by the names above), against the baseline. */
export function metricsChecks(row, costs, baseline) {
  const checks = [];
  for (const days of [30, 365]) {
    const small = row(`metrics, ${days} days, 1,000 events`);
    const large = row(`metrics, ${days} days, 100,000 events`);
    const throughput = large.rps / baseline.rps;
    checks.push(
      [
        `metrics (${days} days) throughput at 100,000 events vs baseline ${throughput.toFixed(2)} (target >= 0.5), ${small.errors + large.errors} errors`,
        throughput >= 0.5 && small.errors + large.errors === 0,
      ],
      [
        `metrics (${days} days) p50 100,000 / 1,000 events ${(large.p50 / small.p50).toFixed(2)} (target <= 1.3)`,
        large.p50 / small.p50 <= 1.3,
      ],
    );
  }
  const entries = Object.entries(costs).filter(([name]) => name in metricsCostRequests);
  checks.push([
    `metrics round trips ${entries.map(([, c]) => c.roundTrips).join(", ")} (target 1 each)`,
    entries.every(([, c]) => c.roundTrips === 1 && c.status === 200),
  ]);
  return checks;
}

/**
 * Runs the product's cron once on the bench server and answers how long it took; the metrics communities
 * are seeded before any other, so they are among the first whose history the run fills in.
 */
export async function runMetricsCron(base) {
  const started = performance.now();
  const res = await fetch(`${base}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent("*/15 * * * *")}`);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`cron run ${res.status}`);
  return performance.now() - started;
}
