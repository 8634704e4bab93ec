import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { blocks, userParams } from "../../../common/contract/blocks";
import { directKey } from "../../lib/tables";
import type { HonoEnv } from "../../env";
import { batch } from "../../lib/db";
import { AppError, notFound, unauthenticated } from "../../lib/errors";
import { respond } from "../../lib/respond";
import { disconnectFromConversation, setHiddenInConversation } from "../../lib/rooms";
import type { AppEnv } from "../../env";
import {
  sessionColumns,
  sessionFrom,
  sessionToken,
  sessionUserFrom,
  sessionUserId,
  type SessionColumns,
} from "../../lib/session";
import { validate } from "../../lib/validation";

/** /api/me/blocks: the people the caller blocked, newest first. One round trip. */
export const myBlocksRoutes = new Hono<HonoEnv>().get("/", async (c) => {
  const db = c.var.db;
  const token = await sessionToken(c);
  const session = db.get<SessionColumns | undefined>(
    sql`select ${sessionColumns} from ${sessionFrom(token, { required: true })}`,
  );
  const people = db.all<{ id: string; full_name: string; avatar_url: string | null; created_at: number }>(
    sql`select u.id, u.full_name, u.avatar_url, b.created_at from blocked_users b join users u on u.id = b.blocked_id
      where b.blocker_id = ${sessionUserId(token)} order by b.created_at desc, u.id`,
  );
  const read = await batch(db, [session, people]);
  if (!sessionUserFrom(c, read(session))) throw unauthenticated();
  return respond(c, blocks.list, {
    items: read(people).map((r) => ({ id: r.id, fullName: r.full_name, avatarUrl: r.avatar_url, blockedAt: r.created_at })),
  });
});

/** The caller and the person named in the path: one statement, 404 for nobody. */
async function caller(c: Parameters<typeof sessionUserFrom>[0], userId: string) {
  const db = c.var.db;
  const token = await sessionToken(c);
  const row = await db.get<(SessionColumns & { target: string | null }) | undefined>(
    sql`select ${sessionColumns}, (select id from users where id = ${userId}) as target from ${sessionFrom(token, { required: true })}`,
  );
  const user = sessionUserFrom(c, row);
  if (!user) throw unauthenticated();
  if (!row?.target) throw notFound("User not found.");
  if (row.target === user.id) throw new AppError("BAD_REQUEST", "You can't block yourself.");
  return user;
}

/** The group chats two people are both in. */
const sharedGroups = (a: string, b: string) =>
  sql`select cv.id from conversations cv
    join conversation_participants pa on pa.conversation_id = cv.id and pa.user_id = ${a}
    join conversation_participants pb on pb.conversation_id = cv.id and pb.user_id = ${b}
    where cv.type = 'group'`;

/** In shared group chats, a blocked pair's sockets stop (or start again) relaying typing to each other. */
const setHiddenInGroups = (env: AppEnv, groups: { id: string }[], a: string, b: string, hidden: boolean) =>
  Promise.all(groups.map((g) => setHiddenInConversation(env, g.id, a, b, hidden)));

/** /api/users/:userId/block */
export const blockRoutes = new Hono<HonoEnv>()
  .put("/:userId/block", validate("param", userParams), async (c) => {
    const { userId } = c.req.valid("param");
    const user = await caller(c, userId);
    const db = c.var.db;
    const directChat = db.all<{ id: string }>(sql`select id from conversations where direct_key = ${directKey(user.id, userId)}`);
    const groups = db.all<{ id: string }>(sharedGroups(user.id, userId));
    const read = await batch(db, [
      db.run(
        sql`insert into blocked_users (blocker_id, blocked_id, created_at) values (${user.id}, ${userId}, ${Date.now()})
          on conflict do nothing`,
      ),
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
  })
  .delete("/:userId/block", validate("param", userParams), async (c) => {
    const { userId } = c.req.valid("param");
    const user = await caller(c, userId);
    const db = c.var.db;
    // Still hidden while the other person's own block of the caller stands.
    const groups = db.all<{ id: string }>(
      sql`${sharedGroups(user.id, userId)} and not exists (select 1 from blocked_users where blocker_id = ${userId} and blocked_id = ${user.id})`,
    );
    const read = await batch(db, [db.run(sql`delete from blocked_users where blocker_id = ${user.id} and blocked_id = ${userId}`), groups]);
    c.executionCtx.waitUntil(setHiddenInGroups(c.env, read(groups), user.id, userId, false));
    return respond(c, blocks.unblock, { ok: true });
  });
