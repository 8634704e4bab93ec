import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { newId } from "../../../common/ids";
import { addMember, call, createCommunity, createUser } from "../../../tests/factories";

type Results = {
  posts: { id: string; title: string }[];
  members: { id: string; fullName: string }[];
  events: { id: string; name: string }[];
};

async function post(communityId: string, authorId: string, headline: string | null, content: string) {
  const id = newId();
  await env.DB.prepare(
    "insert into posts (id, community_id, author_id, headline, content, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(id, communityId, authorId, headline, content, Date.now(), Date.now())
    .run();
  return id;
}

describe("header search", () => {
  it("finds posts, members and events of a community the user belongs to", async () => {
    const owner = await createUser({ name: "Salome Gardener" });
    const member = await createUser({ name: "Dato Painter" });
    const community = await createCommunity(owner.user.id);
    await addMember(community.id, member.user.id);
    await post(community.id, owner.user.id, "Garden tips", "Water in the morning");
    await post(community.id, owner.user.id, null, "Another garden story about tomatoes");
    await post(community.id, owner.user.id, "Unrelated", "Nothing here");
    await env.DB.prepare(
      "insert into community_events (id, community_id, name, description, location, start_time, end_time, event_type, created_by, created_at, updated_at) values (?, ?, 'Garden meetup', '', 'Tbilisi', ?, ?, 'Meetup', ?, ?, ?)",
    )
      .bind(newId(), community.id, Date.now(), Date.now() + 3_600_000, owner.user.id, Date.now(), Date.now())
      .run();

    const res = (await (
      await call(`/api/search?q=GARDEN&communityId=${community.id}`, { cookie: member.cookie })
    ).json()) as Results;
    expect(res.posts.map((p) => p.title).sort()).toEqual(["Another garden story about tomatoes", "Garden tips"]);
    expect(res.members.map((m) => m.fullName)).toEqual(["Salome Gardener"]);
    expect(res.events.map((e) => e.name)).toEqual(["Garden meetup"]);
  });

  it("shows nothing to non-members and needs a session", async () => {
    const owner = await createUser();
    const outsider = await createUser();
    const community = await createCommunity(owner.user.id);
    await post(community.id, owner.user.id, "Secret plans", "members only");
    const res = (await (
      await call(`/api/search?q=secret&communityId=${community.id}`, { cookie: outsider.cookie })
    ).json()) as Results;
    expect(res).toEqual({ posts: [], members: [], events: [] });
    expect((await call(`/api/search?q=secret&communityId=${community.id}`)).status).toBe(401);
  });

  it("hides posts of people who blocked the searcher", async () => {
    const owner = await createUser();
    const blocked = await createUser();
    const community = await createCommunity(owner.user.id);
    await addMember(community.id, blocked.user.id);
    await post(community.id, owner.user.id, "Blocker's post", "hello");
    await env.DB.prepare("insert into blocked_users (blocker_id, blocked_id, created_at) values (?, ?, ?)")
      .bind(owner.user.id, blocked.user.id, Date.now())
      .run();
    const res = (await (
      await call(`/api/search?q=hello&communityId=${community.id}`, { cookie: blocked.cookie })
    ).json()) as Results;
    expect(res.posts).toEqual([]);
  });

  it("treats % and _ literally and limits the text", async () => {
    const owner = await createUser();
    const community = await createCommunity(owner.user.id);
    await post(community.id, owner.user.id, "Sale", "plain words");
    const res = (await (
      await call(`/api/search?q=${encodeURIComponent("%_")}&communityId=${community.id}`, { cookie: owner.cookie })
    ).json()) as Results;
    expect(res.posts).toEqual([]);
    const me = await createUser();
    expect((await call(`/api/search?q=${"x".repeat(101)}`, { cookie: me.cookie })).status).toBe(422);
  });
});
