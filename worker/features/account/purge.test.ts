import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { newId } from "../../../common/ids";
import { closeAll, connect } from "../../../party/test-socket";
import {
  addMember,
  call,
  createCommunity,
  createConversation,
  createUser,
  TEST_PASSWORD,
  uploadImage,
  type TestUser,
} from "../../../tests/factories";
import { insertOrder, insertSavedCard, insertSubscription } from "../../../tests/payments";
import { openD1TestDb } from "../../../tests/test-db-d1";
import type { AppEnv } from "../../env";
import { purgeAccount, purgeDueAccounts } from "./purge";

afterEach(closeAll);

const json = async <T>(res: Response, status = 201): Promise<T> => {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
};
const post = (u: TestUser, communityId: string, content: string) =>
  call(`/api/communities/${communityId}/posts`, { cookie: u.cookie, body: { content } }).then((res) =>
    json<{ post: { id: string } }>(res),
  );
const comment = async (u: TestUser, postId: string, content: string, parentCommentId?: string) =>
  (
    await json<{ comment: { id: string } }>(
      await call(`/api/posts/${postId}/comments`, { cookie: u.cookie, body: { content, parentCommentId } }),
    )
  ).comment.id;
const message = async (u: TestUser, conversationId: string, content: string, replyToId?: string) => {
  const id = crypto.randomUUID();
  await json(await call(`/api/conversations/${conversationId}/messages`, { cookie: u.cookie, body: { id, content, replyToId } }));
  return id;
};
const row = <T>(query: string, ...binds: unknown[]) =>
  env.DB.prepare(query)
    .bind(...binds)
    .first<T>();

/** Every row of every table of ours, as text, for looking for what must be gone. */
async function everyRow(): Promise<{ table: string; text: string }[]> {
  const { results: tables } = await env.DB.prepare(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name not like 'd1_%'",
  ).all<{ name: string }>();
  const rows: { table: string; text: string }[] = [];
  for (const { name } of tables) {
    const { results } = await env.DB.prepare(`select * from "${name}"`).all();
    for (const r of results) rows.push({ table: name, text: JSON.stringify(r) });
  }
  return rows;
}

describe("the account purge", () => {
  it("leaves nothing personal of the account at the deadline: no rows, files or sockets; what others answered stays without its author", async () => {
    const name = `Purged Person ${newId()}`;
    const victim = await createUser({ name });
    const other = await createUser();
    const { id: communityId } = await createCommunity(other.user.id);
    await addMember(communityId, victim.user.id);

    const lonelyPost = (await post(victim, communityId, "nobody answered this")).post.id;
    const answeredPost = (await post(victim, communityId, "others answered this")).post.id;
    await comment(other, answeredPost, "an answer");
    const othersPost = (await post(other, communityId, "the other's post")).post.id;
    await json(await call(`/api/posts/${othersPost}/like`, { method: "POST", cookie: victim.cookie }), 200);
    const lonelyComment = await comment(victim, othersPost, "a comment nobody answered");
    const answeredComment = await comment(victim, othersPost, "a comment that was answered");
    await comment(other, othersPost, "a reply", answeredComment);

    const { id: chat } = await createConversation("direct", [victim.user.id, other.user.id]);
    const lonelyMessage = await message(victim, chat, "a message nobody answered");
    const answeredMessage = await message(victim, chat, "a message that was answered");
    await message(other, chat, "an answer to it", answeredMessage);
    await message(victim, chat, "the last word");

    const avatar = await uploadImage(victim.cookie, "avatar");
    await env.DB.prepare("update users set avatar_url = ?, bio = 'my bio', phone = '+995555000111' where id = ?")
      .bind(avatar, victim.user.id)
      .run();
    await insertSavedCard(victim.user.id);
    await insertSubscription(victim.user.id, communityId, "active");
    await insertOrder(victim.user.id, communityId);
    const stranger = await createUser();
    await json(await call(`/api/users/${stranger.user.id}/block`, { method: "PUT", cookie: victim.cookie }), 200);
    await json(await call("/api/account/deletion", { cookie: victim.cookie, body: { password: TEST_PASSWORD } }), 200);

    const userRoom = await connect(`/parties/user-room/${victim.user.id}`, { cookie: victim.cookie });
    const communityRoom = await connect(`/parties/community-room/${communityId}`, { cookie: victim.cookie });
    const chatRoom = await connect(`/parties/conversation-room/${chat}`, { cookie: victim.cookie });
    await Promise.all([userRoom.next("welcome"), communityRoom.next("welcome"), chatRoom.next("welcome")]);

    const db = openD1TestDb();
    // Before the deadline nothing happens.
    await purgeDueAccounts(env as AppEnv, db);
    expect(await row("select id from users where id = ?", victim.user.id)).not.toBeNull();
    const scheduled = (await row<{ at: number }>("select deletion_scheduled_at as at from users where id = ?", victim.user.id))!
      .at;
    expect((await purgeDueAccounts(env as AppEnv, db, scheduled + 1)).purged).toBeGreaterThanOrEqual(1);

    // Nothing of theirs in any row of any table.
    const leftovers = (await everyRow()).filter(
      (r) =>
        r.text.includes(victim.user.id) ||
        r.text.toLowerCase().includes(victim.user.email.toLowerCase()) ||
        r.text.includes(name),
    );
    expect(leftovers).toEqual([]);
    for (const gone of [
      "nobody answered this",
      "a comment nobody answered",
      "a message nobody answered",
      "the last word",
      "my bio",
    ]) {
      expect((await everyRow()).filter((r) => r.text.includes(gone))).toEqual([]);
    }
    // Their files.
    expect(await env.FILES.head(avatar.slice("/files/".length))).toBeNull();
    // Their sockets.
    await Promise.all([userRoom.closed, communityRoom.closed, chatRoom.closed]);

    // What others answered stays, from nobody ('Deleted user'), and the counters add up again.
    expect(await row("select author_id, content from posts where id = ?", answeredPost)).toEqual({
      author_id: null,
      content: "others answered this",
    });
    expect(await row("select id from posts where id = ?", lonelyPost)).toBeNull();
    expect(await row("select author_id from post_comments where id = ?", answeredComment)).toEqual({ author_id: null });
    expect(await row("select id from post_comments where id = ?", lonelyComment)).toBeNull();
    expect(await row("select sender_id, content from messages where id = ?", answeredMessage)).toEqual({
      sender_id: null,
      content: "a message that was answered",
    });
    expect(await row("select content, is_deleted from messages where id = ?", lonelyMessage)).toEqual({
      content: "",
      is_deleted: 1,
    });
    expect(await row("select likes_count, comments_count from posts where id = ?", othersPost)).toEqual({
      likes_count: 0,
      comments_count: 2,
    });
    expect(await row("select members_count from communities where id = ?", communityId)).toEqual({ members_count: 1 });
    // The other person's conversation and community still work.
    expect((await call(`/api/conversations/${chat}/messages`, { cookie: other.cookie })).status).toBe(200);
    expect((await call(`/api/communities/${communityId}/posts`, { cookie: other.cookie })).status).toBe(200);
  });

  it("hands an owner's community to the longest-standing admin, else moderator, else member, and archives one nobody is left in", async () => {
    const owner = await createUser();
    const [admin1, admin2, moderator, member, loneMember, lapsed] = await Promise.all([
      createUser(),
      createUser(),
      createUser(),
      createUser(),
      createUser(),
      createUser(),
    ]);
    const joined = (communityId: string, u: TestUser, role: string, daysAgo: number, accessUntil: number | null = null) =>
      env.DB.prepare(
        "insert into community_members (community_id, profile_id, role, joined_at, access_until) values (?, ?, ?, ?, ?)",
      )
        .bind(communityId, u.user.id, role, Date.now() - daysAgo * 86_400_000, accessUntil)
        .run();
    const withAdmins = (await createCommunity(owner.user.id)).id;
    await joined(withAdmins, member, "member", 90);
    await joined(withAdmins, moderator, "moderator", 60);
    await joined(withAdmins, admin2, "admin", 10);
    await joined(withAdmins, admin1, "admin", 30);
    const withModerator = (await createCommunity(owner.user.id)).id;
    await joined(withModerator, member, "member", 90);
    await joined(withModerator, moderator, "moderator", 5);
    // A member whose paid access has lapsed comes after one whose access is current.
    const withMembers = (await createCommunity(owner.user.id)).id;
    await joined(withMembers, lapsed, "member", 90, Date.now() - 86_400_000);
    await joined(withMembers, loneMember, "member", 20);
    const empty = (await createCommunity(owner.user.id)).id;
    // A plan the owner paid for.
    await env.DB.prepare(
      `update communities set subscription_plan = 'premium', plan_limits = '{"maxMembers":10000}' where id = ?`,
    )
      .bind(withAdmins)
      .run();

    await purgeAccount(env as AppEnv, openD1TestDb(), { id: owner.user.id, email: owner.user.email });

    const state = (id: string) =>
      row<{ creator_id: string | null; archived: number; members_count: number }>(
        "select creator_id, archived, members_count from communities where id = ?",
        id,
      );
    const roleOf = async (communityId: string, u: TestUser) =>
      (
        await row<{ role: string }>(
          "select role from community_members where community_id = ? and profile_id = ?",
          communityId,
          u.user.id,
        )
      )?.role;
    expect(await state(withAdmins)).toEqual({ creator_id: admin1.user.id, archived: 0, members_count: 4 });
    // Nobody pays for the plan any more: the community is on Free again, its members all kept.
    expect(
      await row<{ subscription_plan: string; plan_limits: string }>(
        "select subscription_plan, plan_limits from communities where id = ?",
        withAdmins,
      ),
    ).toEqual({ subscription_plan: "free", plan_limits: JSON.stringify({ maxMembers: 100 }) });
    expect(await state(withModerator)).toEqual({ creator_id: moderator.user.id, archived: 0, members_count: 2 });
    expect(await roleOf(withModerator, moderator)).toBe("admin");
    expect(await state(withMembers)).toEqual({ creator_id: loneMember.user.id, archived: 0, members_count: 2 });
    expect(await roleOf(withMembers, loneMember)).toBe("admin");
    expect(await state(empty)).toEqual({ creator_id: null, archived: 1, members_count: 0 });
    // Each new owner is told; nobody is told about the archived one.
    const told = await env.DB.prepare(
      "select recipient_id, community_id, data from notifications where type = 'SYSTEM_ANNOUNCEMENT' and community_id in (?, ?, ?, ?) order by recipient_id",
    )
      .bind(withAdmins, withModerator, withMembers, empty)
      .all<{ recipient_id: string; community_id: string; data: string }>();
    expect(told.results).toEqual(
      [
        { recipient_id: admin1.user.id, community_id: withAdmins, data: JSON.stringify({ kind: "ownership" }) },
        { recipient_id: moderator.user.id, community_id: withModerator, data: JSON.stringify({ kind: "ownership" }) },
        { recipient_id: loneMember.user.id, community_id: withMembers, data: JSON.stringify({ kind: "ownership" }) },
      ].sort((a, b) => a.recipient_id.localeCompare(b.recipient_id)),
    );
    // The new owner runs it: its settings are theirs.
    const edit = await call(`/api/communities/${withModerator}`, {
      method: "PATCH",
      cookie: moderator.cookie,
      body: { description: "Ours now" },
    });
    expect(edit.status, await edit.clone().text()).toBe(200);
  });

  it("keeps the files that what stays still shows (the community's images, a kept post's images) and deletes the rest", async () => {
    const owner = await createUser();
    const other = await createUser();
    const { id: communityId } = await createCommunity(owner.user.id);
    await addMember(communityId, other.user.id);
    const communityImage = await uploadImage(owner.cookie, "community_image");
    await env.DB.prepare("update communities set image_urls = ? where id = ?")
      .bind(JSON.stringify([communityImage]), communityId)
      .run();
    const keptImage = await uploadImage(owner.cookie, "post_image");
    const lostImage = await uploadImage(owner.cookie, "post_image");
    const avatar = await uploadImage(owner.cookie, "avatar");
    await env.DB.prepare("update users set avatar_url = ? where id = ?").bind(avatar, owner.user.id).run();
    const kept = await json<{ post: { id: string } }>(
      await call(`/api/communities/${communityId}/posts`, {
        cookie: owner.cookie,
        body: { content: "answered", imageUrls: [keptImage] },
      }),
    );
    await comment(other, kept.post.id, "nice picture");
    await json(
      await call(`/api/communities/${communityId}/posts`, {
        cookie: owner.cookie,
        body: { content: "alone", imageUrls: [lostImage] },
      }),
    );

    await purgeAccount(env as AppEnv, openD1TestDb(), { id: owner.user.id, email: owner.user.email });

    const file = (url: string) => env.FILES.head(url.slice("/files/".length));
    expect(await file(communityImage)).not.toBeNull();
    expect(await file(keptImage)).not.toBeNull();
    expect(await file(lostImage)).toBeNull();
    expect(await file(avatar)).toBeNull();
    // What stays shows them.
    expect((await call(communityImage)).status).toBe(200);
    expect((await call(keptImage)).status).toBe(200);
  });
});
