import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { account } from "../../../common/contract/account";
import type { HonoEnv } from "../../env";
import { batch } from "../../lib/db";
import { unauthenticated } from "../../lib/errors";
import { respond } from "../../lib/respond";
import { sessionStatement, sessionToken, sessionUserFrom, sessionUserId } from "../../lib/session";

type ProfileRow = {
  id: string;
  email: string;
  full_name: string;
  username: string | null;
  avatar_url: string | null;
  cover_url: string | null;
  profession: string | null;
  location: string | null;
  website: string | null;
  bio: string | null;
  birth_date: string | null;
  phone: string | null;
  language: string;
  created_at: number;
};

/**
 * /api/account/export: the person's own data as a JSON download, in one round trip. Only rows they
 * wrote or own: other people's messages, names and private fields are left out, and of a saved card
 * only the masked number (the provider's token never leaves the server).
 */
export const accountExportRoutes = new Hono<HonoEnv>().get("/", async (c) => {
  const db = c.var.db;
  const token = await sessionToken(c);
  const me = sessionUserId(token);
  const session = sessionStatement(db, token);
  const profile = db.get<ProfileRow | undefined>(
    sql`select id, email, full_name, username, avatar_url, cover_url, profession, location, website, bio, birth_date,
        phone, language, created_at from users where id = ${me}`,
  );
  const memberships = db.all<{ community_id: string; name: string; role: string; joined_at: number }>(
    sql`select m.community_id, c.name, m.role, m.joined_at from community_members m join communities c on c.id = m.community_id
        where m.profile_id = ${me} order by m.joined_at`,
  );
  const posts = db.all<{ id: string; community_id: string; headline: string | null; content: string; created_at: number }>(
    sql`select id, community_id, headline, content, created_at from posts where author_id = ${me} order by created_at`,
  );
  const comments = db.all<{ id: string; post_id: string; content: string; created_at: number }>(
    sql`select id, post_id, content, created_at from post_comments where author_id = ${me} order by created_at`,
  );
  const messages = db.all<{ id: string; conversation_id: string; content: string; created_at: number }>(
    sql`select id, conversation_id, content, created_at from messages where sender_id = ${me} and is_deleted = 0
        order by created_at`,
  );
  const orders = db.all<{ id: string; kind: string; status: string; amount: number; currency: string; created_at: number }>(
    sql`select id, kind, status, amount, currency, created_at from payment_orders where user_id = ${me} order by created_at`,
  );
  const subscriptions = db.all<{
    id: string;
    community_id: string;
    status: string;
    amount: number;
    currency: string;
    current_period_end: number;
  }>(
    sql`select id, community_id, status, amount, currency, current_period_end from user_subscriptions where user_id = ${me}
        order by created_at`,
  );
  const cards = db.all<{ masked_card: string; card_type: string | null; created_at: number }>(
    sql`select masked_card, card_type, created_at from user_payment_methods where user_id = ${me} order by created_at`,
  );
  const read = await batch(db, [session, profile, memberships, posts, comments, messages, orders, subscriptions, cards]);
  const p = read(profile);
  if (!sessionUserFrom(c, read(session)) || !p) throw unauthenticated();
  const now = Date.now();
  c.header("content-disposition", `attachment; filename="agora-data-${new Date(now).toISOString().slice(0, 10)}.json"`);
  c.header("cache-control", "no-store");
  return respond(c, account.exportData, {
    exportedAt: now,
    profile: {
      id: p.id,
      email: p.email,
      fullName: p.full_name,
      username: p.username,
      avatarUrl: p.avatar_url,
      coverUrl: p.cover_url,
      profession: p.profession,
      location: p.location,
      website: p.website,
      bio: p.bio,
      birthDate: p.birth_date,
      phone: p.phone,
      language: p.language,
      createdAt: p.created_at,
    },
    memberships: read(memberships).map((m) => ({
      communityId: m.community_id,
      communityName: m.name,
      role: m.role,
      joinedAt: m.joined_at,
    })),
    posts: read(posts).map((r) => ({
      id: r.id,
      communityId: r.community_id,
      headline: r.headline,
      content: r.content,
      createdAt: r.created_at,
    })),
    comments: read(comments).map((r) => ({ id: r.id, postId: r.post_id, content: r.content, createdAt: r.created_at })),
    messages: read(messages).map((r) => ({
      id: r.id,
      conversationId: r.conversation_id,
      content: r.content,
      createdAt: r.created_at,
    })),
    payments: {
      orders: read(orders).map((r) => ({
        id: r.id,
        kind: r.kind,
        status: r.status,
        amount: r.amount,
        currency: r.currency,
        createdAt: r.created_at,
      })),
      subscriptions: read(subscriptions).map((r) => ({
        id: r.id,
        communityId: r.community_id,
        status: r.status,
        amount: r.amount,
        currency: r.currency,
        currentPeriodEnd: r.current_period_end,
      })),
      cards: read(cards).map((r) => ({ maskedCard: r.masked_card, cardType: r.card_type, createdAt: r.created_at })),
    },
  });
});
