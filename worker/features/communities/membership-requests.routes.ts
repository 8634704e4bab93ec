import { and, asc, eq, sql } from "drizzle-orm";
import type { Context } from "hono";
import { membershipRequests as api } from "../../../common/contract/membership-requests";
import { newId } from "../../../common/ids";
import type { HonoEnv } from "../../env";
import { visibleCommunity } from "../../lib/access";
import { commit, notify } from "../../lib/commit";
import { communityFor, type CommunityRow } from "../../lib/community-row";
import { batch } from "../../lib/db";
import { AppError, forbidden, notFound, unauthenticated } from "../../lib/errors";
import { notBanned } from "../../lib/membership";
import { canManage, communityRole, hasMemberAccess, isListed, roleRank, type Actor } from "../../lib/permissions";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { sessionToken } from "../../lib/session";
import { bareList } from "../../lib/sql-names";
import { communities, communityMembers, membershipRequests, users } from "../../lib/tables";
import { bannedFrom, joinWrites } from "./join-writes";

const mr = membershipRequests;

/** Approving and declining, and the queue: the community's moderators, admins and owner. */
function assertDecides(actor: Actor, row: CommunityRow) {
  const role = communityRole(actor, row, row.membership);
  if (!hasMemberAccess(actor, row, row.membership)) throw notFound("Community not found.");
  if (role === null || roleRank[role] < roleRank.moderator) {
    throw forbidden("Only the community's moderators, admins and owner can answer requests to join.");
  }
}

const alreadyAnswered = () => new AppError("CONFLICT", "This request was already answered.");

/** The caller, the community (as its moderators see it) and one pending request of it: one round trip. */
async function decision(c: Context<HonoEnv>) {
  const db = c.var.db;
  const { id, requestId } = c.req.param() as { id: string; requestId: string };
  const found = communityFor(db, await sessionToken(c), id);
  const request = db
    .select({ id: mr.id, userId: mr.userId, status: mr.status })
    .from(mr)
    .where(and(eq(mr.id, requestId), eq(mr.communityId, id)));
  const read = await batch(db, [found.query, request]);
  const { user, actor, row } = found.read(c, read(found.query));
  if (!user) throw unauthenticated();
  const community = visibleCommunity(actor, row);
  assertDecides(actor, community);
  const pending = read(request)[0];
  if (!pending) throw notFound("Request not found.");
  if (pending.status !== "pending") throw alreadyAnswered();
  return { db, user, community, pending };
}

export const membershipRequestsRoutes = [
  // Public or private, listed or not, and the questions: the owner and admins. One read, one write.
  route(api.joinSettings, async (c) => {
    const db = c.var.db;
    const id = c.req.valid("param").id;
    const body = c.req.valid("json");
    const found = communityFor(db, await sessionToken(c), id);
    const { user, actor, row } = found.read(c, await found.query);
    if (!user) throw unauthenticated();
    const community = visibleCommunity(actor, row);
    if (!canManage(actor, community, community.membership)) {
      throw forbidden("Only the owner and admins can change who may join.");
    }
    const settings = {
      visibility: body.visibility,
      // Explore lists every public community; only a private one may stay out of it.
      hiddenFromExplore: body.visibility === "private" && body.hiddenFromExplore,
      membershipQuestions: body.visibility === "private" ? body.membershipQuestions : [],
    };
    await db
      .update(communities)
      .set({ ...settings, updatedAt: Date.now() })
      .where(eq(communities.id, id));
    return respond(c, api.joinSettings, settings);
  }),
  // Asking to join a private community, with one answer per question. Its owner is told.
  route(api.ask, async (c) => {
    const db = c.var.db;
    const id = c.req.valid("param").id;
    const { answers } = c.req.valid("json");
    const found = communityFor(db, await sessionToken(c), id);
    const { user, actor, row } = found.read(c, await found.query);
    if (!user) throw unauthenticated();
    const community = visibleCommunity(actor, row);
    if (community.membership) throw new AppError("ALREADY_MEMBER", "You are already a member of this community.");
    if (community.banned) throw bannedFrom();
    if (!isListed(community)) throw new AppError("CONFLICT", "This community is not open for new members.");
    if (community.visibility !== "private") throw new AppError("CONFLICT", "This community is public: join it directly.");
    if (community.request?.status === "pending") throw new AppError("CONFLICT", "You already asked to join this community.");
    if (community.request?.status === "approved") {
      throw new AppError("CONFLICT", "Your request was approved: join the community from its page.");
    }
    const questions = community.membershipQuestions;
    if (answers.length !== questions.length) {
      throw new AppError("VALIDATION_FAILED", "Answer every question.", {
        issues: questions.map((_, i) => ({ path: `answers.${i}`, message: "Answer every question" })).slice(answers.length),
      });
    }
    const requestId = newId();
    const now = Date.now();
    const asked = sql`exists (select 1 from ${mr} where ${mr.id} = ${requestId})`;
    await commit(c, {
      steps: [
        // One pending request per person and community (a unique index): a double click asks once.
        db.run(
          sql`insert into ${mr} (${bareList(mr.id, mr.communityId, mr.userId, mr.answers, mr.status, mr.createdAt, mr.updatedAt)})
              select ${requestId}, ${id}, ${user.id}, ${JSON.stringify(questions.map((question, i) => ({ question, answer: answers[i]! })))},
                'pending', ${now}, ${now}
              where ${notBanned(id, user.id)}
              on conflict do nothing`,
        ),
        community.creatorId
          ? notify({
              recipientId: community.creatorId,
              senderId: user.id,
              communityId: id,
              type: "SYSTEM_ANNOUNCEMENT",
              data: { kind: "membership", membership: "requested" },
              onlyIf: asked,
            })
          : null,
      ],
    });
    return respond(c, api.ask, { ok: true });
  }),

  // The queue: pending requests, oldest first, with what each person answered.
  route(api.queue, async (c) => {
    const db = c.var.db;
    const id = c.req.valid("param").id;
    const found = communityFor(db, await sessionToken(c), id);
    const pending = db
      .select({
        id: mr.id,
        userId: mr.userId,
        fullName: users.fullName,
        avatarUrl: users.avatarUrl,
        answers: mr.answers,
        status: mr.status,
        createdAt: mr.createdAt,
      })
      .from(mr)
      .innerJoin(users, eq(users.id, mr.userId))
      // Someone who got in another way meanwhile (an invitation, the community public for a while), or
      // was banned, has nothing left to decide.
      .where(
        and(
          eq(mr.communityId, id),
          eq(mr.status, "pending"),
          sql`not exists (select 1 from ${communityMembers} where ${communityMembers.communityId} = ${id}
            and ${communityMembers.profileId} = ${mr.userId})`,
          notBanned(id, sql`${mr.userId}`),
        ),
      )
      .orderBy(asc(mr.createdAt))
      .limit(200);
    const read = await batch(db, [found.query, pending]);
    const { user, actor, row } = found.read(c, read(found.query));
    if (!user) throw unauthenticated();
    assertDecides(actor, visibleCommunity(actor, row));
    return respond(c, api.queue, {
      items: read(pending).map((r) => ({
        id: r.id,
        user: { id: r.userId, fullName: r.fullName, avatarUrl: r.avatarUrl },
        questions: r.answers.map((a) => a.question),
        answers: r.answers.map((a) => a.answer),
        status: r.status,
        createdAt: r.createdAt,
      })),
    });
  }),

  // Approving: a free community takes the person in at once (within its plan's limit); a paid one lets them pay.
  route(api.approve, async (c) => {
    const { db, user, community, pending } = await decision(c);
    const now = Date.now();
    const stillPending = and(eq(mr.id, pending.id), eq(mr.status, "pending"));
    const decided = { status: "approved" as const, decidedBy: user.id, decidedAt: now, updatedAt: now };
    if (community.isPaid) {
      const approved = sql`exists (select 1 from ${mr} where ${mr.id} = ${pending.id} and ${mr.status} = 'approved')`;
      await commit(c, {
        steps: [
          db.update(mr).set(decided).where(stillPending),
          notify({
            recipientId: pending.userId,
            senderId: user.id,
            communityId: community.id,
            type: "SYSTEM_ANNOUNCEMENT",
            data: { kind: "membership", membership: "approved" },
            onlyIf: approved,
          }),
        ],
      });
      return respond(c, api.approve, { ok: true });
    }
    const join = joinWrites(db, community, pending.userId, sql`exists (select 1 from ${mr} where ${stillPending})`);
    const outcome = db.get<{ joined: 0 | 1 }>(sql`select ${join.joined} as joined`);
    const read = await commit(c, {
      steps: [
        ...join.steps,
        // Answered only when the person got in: a full community leaves the request waiting.
        db.update(mr).set(decided).where(and(stillPending, join.joined)),
        notify({
          recipientId: pending.userId,
          senderId: user.id,
          communityId: community.id,
          type: "SYSTEM_ANNOUNCEMENT",
          data: { kind: "membership", membership: "approved" },
          onlyIf: join.joined,
        }),
        outcome,
      ],
    });
    if (read(outcome)?.joined !== 1) {
      throw new AppError("CONFLICT", "This community has reached its member limit, or the request was answered meanwhile.");
    }
    return respond(c, api.approve, { ok: true });
  }),

  route(api.decline, async (c) => {
    const { db, user, community, pending } = await decision(c);
    const reason = c.req.valid("json").reason?.trim() || null;
    const now = Date.now();
    const declined = sql`exists (select 1 from ${mr} where ${mr.id} = ${pending.id} and ${mr.status} = 'declined')`;
    await commit(c, {
      steps: [
        db
          .update(mr)
          .set({ status: "declined", reason, decidedBy: user.id, decidedAt: now, updatedAt: now })
          .where(and(eq(mr.id, pending.id), eq(mr.status, "pending"))),
        notify({
          recipientId: pending.userId,
          senderId: user.id,
          communityId: community.id,
          type: "SYSTEM_ANNOUNCEMENT",
          data: { kind: "membership", membership: "declined", ...(reason ? { reason } : {}) },
          onlyIf: declined,
        }),
      ],
    });
    return respond(c, api.decline, { ok: true });
  }),
];
