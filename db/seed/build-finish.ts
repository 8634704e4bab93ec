import { BLOCKS, REPORTS, SUPPORT_TICKETS } from "./extras.ts";
import { COMMUNITIES } from "./communities.ts";
import { ago, DAY, joined, must, push, type SeedContext } from "./context.ts";
import { seedId, uid, USERS } from "./people.ts";
import type { Row } from "./sql.ts";
import { levelForPoints } from "../../common/levels.ts";

/** Member rows, with paid access where a subscription pays for it. */
export function buildMembers(ctx: SeedContext): void {
  for (const c of COMMUNITIES) {
    for (const m of c.members) {
      const paid = ctx.paidAccess.get(`${c.key}:${m.user}`);
      if (c.price > 0 && m.user !== c.creator && !paid) throw new Error(`seed: ${m.user} is in paid ${c.key} without paying`);
      push(ctx, "community_members", {
        community_id: must(ctx.communityId.get(c.key), c.key),
        profile_id: uid(m.user),
        role: m.role,
        joined_at: joined(ctx, c.key, m.user),
        access_until: paid?.accessUntil ?? null,
        subscription_id: paid?.subscriptionId ?? null,
      });
    }
  }
}

/** The ledger rows, the per-community totals and the daily sums they add up to. */
export function buildPoints(ctx: SeedContext): void {
  const totals = new Map<string, { user: string; community: string; points: number; at: number }>();
  const days = new Map<string, { user: string; community: string; day: number; points: number }>();
  ctx.points.forEach((p, i) => {
    push(ctx, "point_events", {
      id: seedId(13, i + 1),
      user_id: uid(p.user),
      community_id: must(ctx.communityId.get(p.community), p.community),
      amount: p.amount,
      reason: p.reason,
      source_kind: p.sourceKind,
      source_id: p.sourceId,
      created_at: p.at,
    });
    const key = `${p.user}:${p.community}`;
    const t = totals.get(key) ?? { user: p.user, community: p.community, points: 0, at: 0 };
    t.points += p.amount;
    t.at = Math.max(t.at, p.at);
    totals.set(key, t);
    const day = Math.floor(p.at / DAY);
    const d = days.get(`${key}:${day}`) ?? { user: p.user, community: p.community, day, points: 0 };
    d.points += p.amount;
    days.set(`${key}:${day}`, d);
  });
  for (const t of totals.values()) {
    push(ctx, "user_points", {
      user_id: uid(t.user),
      community_id: must(ctx.communityId.get(t.community), t.community),
      points: t.points,
      // The seeded past is not announced again.
      notified_level: levelForPoints(t.points),
      updated_at: t.at,
    });
  }
  for (const d of days.values()) {
    push(ctx, "point_days", {
      community_id: must(ctx.communityId.get(d.community), d.community),
      user_id: uid(d.user),
      day: d.day,
      points: d.points,
    });
  }
}

/** Stored counters of communities and topics, counted from the rows this build emits. */
export function finishCounters(ctx: SeedContext): void {
  const count = (table: string, pred: (r: Row) => boolean) => (ctx.rows.get(table) ?? []).filter(pred).length;
  for (const c of ctx.rows.get("communities") ?? []) {
    c.members_count = count("community_members", (r) => r.community_id === c.id);
    c.posts_count = count("posts", (r) => r.community_id === c.id);
    c.events_count = count("community_events", (r) => r.community_id === c.id);
    c.courses_count = count("classroom_courses", (r) => r.community_id === c.id);
  }
  for (const t of ctx.rows.get("community_topics") ?? []) {
    t.posts_count = count("posts", (r) => r.topic_id === t.id);
  }
}

/** Support, moderation and settings rows. */
export function buildAccountExtras(ctx: SeedContext): void {
  SUPPORT_TICKETS.forEach((t, i) => {
    const u = must(
      USERS.find((x) => x.key === t.user),
      t.user,
    );
    const at = ago(ctx, t.daysAgo);
    push(ctx, "support_tickets", {
      id: seedId(17, i + 1),
      user_id: uid(t.user),
      name: u.fullName,
      email: u.email,
      subject: t.subject,
      message: t.message,
      priority: t.priority,
      category: t.category,
      status: t.status,
      handled_by: null,
      replies_count: 0,
      last_activity_at: at,
      created_at: at,
      updated_at: at,
    });
  });
  REPORTS.forEach((r, i) => {
    const at = ago(ctx, r.daysAgo);
    const post = must(ctx.posts.get(r.post), r.post);
    push(ctx, "reports", {
      id: seedId(18, i + 1),
      reporter_id: uid(r.reporter),
      community_id: must(ctx.communityId.get(r.community), r.community),
      target_kind: r.targetKind,
      target_id: post.id,
      target_author_id: uid(post.author),
      reason: r.reason,
      status: r.status,
      handled_by: r.handledBy ? uid(r.handledBy) : null,
      handled_at: r.handledBy ? Math.min(at + DAY / 2, ctx.now) : null,
      community_status: r.communityStatus,
      community_handled_by: r.communityHandledBy ? uid(r.communityHandledBy) : null,
      community_handled_at: r.communityHandledBy ? Math.min(at + DAY / 4, ctx.now) : null,
      created_at: at,
    });
  });
  for (const b of BLOCKS) {
    push(ctx, "blocked_users", { blocker_id: uid(b.blocker), blocked_id: uid(b.blocked), created_at: ago(ctx, b.daysAgo) });
  }
}
