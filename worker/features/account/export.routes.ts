import { and, eq } from "drizzle-orm";
import { account } from "../../../common/contract/account";
import { batch } from "../../lib/db";
import { unauthenticated } from "../../lib/errors";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { sessionStatement, sessionToken, sessionUserFrom, sessionUserId } from "../../lib/session";
import { firstRow } from "../../lib/sql-names";
import {
  communities,
  communityMembers,
  messages as messageRows,
  paymentOrders,
  postComments,
  posts as postRows,
  userPaymentMethods,
  users,
  userSubscriptions,
} from "../../lib/tables";

/**
 * /api/account/export: the person's own data as a JSON download, in one round trip. Only rows they
 * wrote or own: other people's messages, names and private fields are left out, and of a saved card
 * only the masked number (the provider's token never leaves the server).
 */
export const accountExportRoutes = [
  route(account.exportData, async (c) => {
    const db = c.var.db;
    const token = await sessionToken(c);
    const me = sessionUserId(token);
    const session = sessionStatement(db, token);
    const u = users;
    const profile = firstRow(
      db
        .select({
          id: u.id,
          email: u.email,
          fullName: u.fullName,
          username: u.username,
          avatarUrl: u.avatarUrl,
          coverUrl: u.coverUrl,
          profession: u.profession,
          location: u.location,
          website: u.website,
          bio: u.bio,
          birthDate: u.birthDate,
          phone: u.phone,
          language: u.language,
          createdAt: u.createdAt,
        })
        .from(u)
        .where(eq(u.id, me)),
    );
    const m = communityMembers;
    const memberships = db
      .select({ communityId: m.communityId, communityName: communities.name, role: m.role, joinedAt: m.joinedAt })
      .from(m)
      .innerJoin(communities, eq(communities.id, m.communityId))
      .where(eq(m.profileId, me))
      .orderBy(m.joinedAt);
    const p = postRows;
    const posts = db
      .select({ id: p.id, communityId: p.communityId, headline: p.headline, content: p.content, createdAt: p.createdAt })
      .from(p)
      .where(eq(p.authorId, me))
      .orderBy(p.createdAt);
    const pc = postComments;
    const comments = db
      .select({ id: pc.id, postId: pc.postId, content: pc.content, createdAt: pc.createdAt })
      .from(pc)
      .where(eq(pc.authorId, me))
      .orderBy(pc.createdAt);
    const msg = messageRows;
    const messages = db
      .select({ id: msg.id, conversationId: msg.conversationId, content: msg.content, createdAt: msg.createdAt })
      .from(msg)
      .where(and(eq(msg.senderId, me), eq(msg.isDeleted, false)))
      .orderBy(msg.createdAt);
    const o = paymentOrders;
    const orders = db
      .select({ id: o.id, kind: o.kind, status: o.status, amount: o.amount, currency: o.currency, createdAt: o.createdAt })
      .from(o)
      .where(eq(o.userId, me))
      .orderBy(o.createdAt);
    const us = userSubscriptions;
    const subscriptions = db
      .select({
        id: us.id,
        communityId: us.communityId,
        status: us.status,
        amount: us.amount,
        currency: us.currency,
        currentPeriodEnd: us.currentPeriodEnd,
      })
      .from(us)
      .where(eq(us.userId, me))
      .orderBy(us.createdAt);
    const pm = userPaymentMethods;
    const cards = db
      .select({ maskedCard: pm.maskedCard, cardType: pm.cardType, createdAt: pm.createdAt })
      .from(pm)
      .where(eq(pm.userId, me))
      .orderBy(pm.createdAt);
    const read = await batch(db, [session, profile, memberships, posts, comments, messages, orders, subscriptions, cards]);
    const mine = read(profile);
    if (!sessionUserFrom(c, read(session)) || !mine) throw unauthenticated();
    const now = Date.now();
    c.header("content-disposition", `attachment; filename="agora-data-${new Date(now).toISOString().slice(0, 10)}.json"`);
    c.header("cache-control", "no-store");
    return respond(c, account.exportData, {
      exportedAt: now,
      profile: { ...mine, createdAt: mine.createdAt.getTime() },
      memberships: read(memberships),
      posts: read(posts),
      comments: read(comments),
      messages: read(messages),
      payments: { orders: read(orders), subscriptions: read(subscriptions), cards: read(cards) },
    });
  }),
];
