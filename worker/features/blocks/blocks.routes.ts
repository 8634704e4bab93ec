import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { blocks } from "../../../common/contract/blocks";
import { blockedUsers, conversationParticipants, conversations as cv, directKey, users } from "../../lib/tables";
import { batch, type Db } from "../../lib/db";
import { AppError, notFound, unauthenticated } from "../../lib/errors";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { disconnectFromConversation, setHiddenInConversation } from "../../lib/rooms";
import type { AppEnv } from "../../env";
import {
  sessionColumns,
  sessionFrom,
  sessionStatement,
  sessionToken,
  sessionUserFrom,
  sessionUserId,
  type SessionColumns,
} from "../../lib/session";
import { selectAs, type SelectAsRow, type Stored } from "../../lib/sql-names";

/** /api/me/blocks: the people the caller blocked, newest first. One round trip. */
export const myBlocksRoutes = [
  route(blocks.list, async (c) => {
    const db = c.var.db;
    const token = await sessionToken(c);
    const b = blockedUsers;
    const session = sessionStatement(db, token);
    const people = db
      .select({ id: users.id, fullName: users.fullName, avatarUrl: users.avatarUrl, blockedAt: b.createdAt })
      .from(b)
      .innerJoin(users, eq(users.id, b.blockedId))
      .where(eq(b.blockerId, sessionUserId(token)))
      .orderBy(desc(b.createdAt), users.id);
    const read = await batch(db, [session, people]);
    if (!sessionUserFrom(c, read(session))) throw unauthenticated();
    return respond(c, blocks.list, { items: read(people) });
  }),
];

/** The person named in the path, or null for nobody. */
const targetOf = (userId: string) => ({
  target: sql<Stored<typeof users.id> | null>`(select ${users.id} from ${users} where ${users.id} = ${userId})`,
});

/** The caller and the person named in the path: one statement, 404 for nobody. */
async function caller(c: Parameters<typeof sessionUserFrom>[0], userId: string) {
  const db = c.var.db;
  const token = await sessionToken(c);
  const row = await db.get<(SessionColumns & SelectAsRow<ReturnType<typeof targetOf>>) | undefined>(
    sql`select ${sessionColumns}, ${selectAs(targetOf(userId))} from ${sessionFrom(token, { required: true })}`,
  );
  const user = sessionUserFrom(c, row);
  if (!user) throw unauthenticated();
  if (!row?.target) throw notFound("User not found.");
  if (row.target === user.id) throw new AppError("BAD_REQUEST", "You can't block yourself.");
  return user;
}

const pa = alias(conversationParticipants, "pa");
const pb = alias(conversationParticipants, "pb");

/** The group chats two people are both in (and that meet `also`). */
const sharedGroups = (db: Db, a: string, b: string, also?: SQL) =>
  db
    .select({ id: cv.id })
    .from(cv)
    .innerJoin(pa, and(eq(pa.conversationId, cv.id), eq(pa.userId, a)))
    .innerJoin(pb, and(eq(pb.conversationId, cv.id), eq(pb.userId, b)))
    .where(and(eq(cv.type, "group"), also));

/** In shared group chats, a blocked pair's sockets stop (or start again) relaying typing to each other. */
const setHiddenInGroups = (env: AppEnv, groups: { id: string }[], a: string, b: string, hidden: boolean) =>
  Promise.all(groups.map((g) => setHiddenInConversation(env, g.id, a, b, hidden)));

/** /api/users/:userId/block */
export const blockRoutes = [
  route(blocks.block, async (c) => {
    const { userId } = c.req.valid("param");
    const user = await caller(c, userId);
    const db = c.var.db;
    const directChat = db
      .select({ id: cv.id })
      .from(cv)
      .where(eq(cv.directKey, directKey(user.id, userId)));
    const groups = sharedGroups(db, user.id, userId);
    const read = await batch(db, [
      db.insert(blockedUsers).values({ blockerId: user.id, blockedId: userId, createdAt: Date.now() }).onConflictDoNothing(),
      directChat,
      groups,
    ]);
    c.executionCtx.waitUntil(setHiddenInGroups(c.env, read(groups), user.id, userId, true));
    // Their direct chat stops being live for both: the room refuses them from now on (worker/lib/realtime.ts).
    const [chat] = read(directChat);
    if (chat) {
      c.executionCtx.waitUntil(
        Promise.all([disconnectFromConversation(c.env, chat.id, user.id), disconnectFromConversation(c.env, chat.id, userId)]),
      );
    }
    return respond(c, blocks.block, { ok: true });
  }),
  route(blocks.unblock, async (c) => {
    const { userId } = c.req.valid("param");
    const user = await caller(c, userId);
    const db = c.var.db;
    // Still hidden while the other person's own block of the caller stands.
    const b = blockedUsers;
    const groups = sharedGroups(
      db,
      user.id,
      userId,
      sql`not exists (select 1 from ${b} where ${b.blockerId} = ${userId} and ${b.blockedId} = ${user.id})`,
    );
    const read = await batch(db, [db.delete(b).where(and(eq(b.blockerId, user.id), eq(b.blockedId, userId))), groups]);
    c.executionCtx.waitUntil(setHiddenInGroups(c.env, read(groups), user.id, userId, false));
    return respond(c, blocks.unblock, { ok: true });
  }),
];
