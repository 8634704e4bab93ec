import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addMember, call, createCommunity, createUser } from "../../../tests/factories";

type Items = { items: { id: string; reason: string; excerpt: string | null; postId: string | null; status: string }[] };

describe("report queues", () => {
  it("reach staff and the community's moderators, nobody else", async () => {
    const owner = await createUser();
    const moderator = await createUser();
    const member = await createUser();
    const staff = await createUser({ staff: true });
    const community = await createCommunity(owner.user.id);
    await addMember(community.id, moderator.user.id, "moderator");
    await addMember(community.id, member.user.id);
    const created = await call(`/api/communities/${community.id}/posts`, {
      body: { content: "Buy cheap followers now" },
      cookie: owner.cookie,
    });
    const { post } = (await created.json()) as { post: { id: string } };
    expect((await call(`/api/posts/${post.id}/report`, { body: { reason: "Spam" }, cookie: member.cookie })).status).toBe(201);

    const mine = (await (await call(`/api/communities/${community.id}/reports`, { cookie: moderator.cookie })).json()) as Items;
    expect(mine.items).toEqual([
      expect.objectContaining({ reason: "Spam", excerpt: "Buy cheap followers now", postId: post.id, status: "open" }),
    ]);
    expect((await call(`/api/communities/${community.id}/reports`, { cookie: member.cookie })).status).toBe(403);
    expect((await call("/api/admin/reports", { cookie: owner.cookie })).status).toBe(404);
    const all = (await (await call("/api/admin/reports", { cookie: staff.cookie })).json()) as Items;
    expect(all.items.map((i) => i.id)).toContain(mine.items[0]!.id);

    const id = mine.items[0]!.id;
    expect(
      (await call(`/api/communities/${community.id}/reports/${id}/resolve`, { method: "POST", cookie: moderator.cookie })).status,
    ).toBe(200);
    expect((await call(`/api/admin/reports/${id}/dismiss`, { method: "POST", cookie: staff.cookie })).status).toBe(404);
    const row = await env.DB.prepare("select status, handled_by from reports where id = ?").bind(id).first();
    expect(row).toEqual({ status: "resolved", handled_by: moderator.user.id });
  });
});

describe("members list", () => {
  it("lists members with roles and points, sorted and searchable, for members only", async () => {
    const owner = await createUser({ name: "Zurab Owner" });
    const member = await createUser({ name: "Anna Member" });
    const outsider = await createUser();
    const community = await createCommunity(owner.user.id);
    await addMember(community.id, member.user.id);
    await call(`/api/communities/${community.id}/posts`, { body: { content: "points please" }, cookie: member.cookie });
    type M = { members: { fullName: string; role: string; points: number; isOwner: boolean }[] };
    const byPoints = (await (
      await call(`/api/communities/${community.id}/members?sort=points`, { cookie: owner.cookie })
    ).json()) as M;
    expect(byPoints.members.map((m) => [m.fullName, m.points])).toEqual([
      ["Anna Member", 10],
      ["Zurab Owner", 0],
    ]);
    expect(byPoints.members[1]).toMatchObject({ role: "admin", isOwner: true });
    const found = (await (await call(`/api/communities/${community.id}/members?q=zur`, { cookie: member.cookie })).json()) as M;
    expect(found.members.map((m) => m.fullName)).toEqual(["Zurab Owner"]);
    expect((await call(`/api/communities/${community.id}/members`, { cookie: outsider.cookie })).status).toBe(404);
    expect((await call(`/api/communities/${community.id}/members?sort=age`, { cookie: owner.cookie })).status).toBe(422);
  });
});
