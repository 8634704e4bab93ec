import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { CommunityView } from "../../../common/contract/communities";
import type { EditItem } from "../../../common/contract/review";
import { addMember, call, createCommunity, createUser, expectError, uploadImage } from "../../../tests/factories";

type Page = { items: EditItem[]; nextCursor: string | null };

async function approvedCommunity() {
  const owner = await createUser();
  const admin = await createUser();
  const member = await createUser();
  const staff = await createUser({ staff: true });
  const community = await createCommunity(owner.user.id, { name: "Morning Runners" });
  await addMember(community.id, admin.user.id, "admin");
  await addMember(community.id, member.user.id);
  return { owner, admin, member, staff, community };
}

const edit = (id: string, cookie: string, body: object) => call(`/api/communities/${id}`, { method: "PATCH", body, cookie });
const view = async (id: string, cookie?: string) =>
  (await (await call(`/api/communities/${id}`, { cookie })).json()) as CommunityView;
const editsQueue = async (cookie: string) =>
  (await (await call("/api/admin/community-edits?limit=50", { cookie })).json()) as Page;

describe("changes to an approved community wait for staff", () => {
  it("keeps showing the approved name and description while the owner sees what waits", async () => {
    const s = await approvedCommunity();
    const res = await edit(s.community.id, s.owner.cookie, {
      name: "Crypto Riches Fast",
      description: "Something review never saw.",
      phoneNumber: "+995555123456",
    });
    expect(res.status).toBe(200);
    const answered = (await res.json()) as CommunityView;
    expect(answered.community.name).toBe("Morning Runners");
    expect(answered.community.pendingEdit).toMatchObject({
      name: "Crypto Riches Fast",
      description: "Something review never saw.",
    });
    // What is not shown in explore is written at once.
    expect(answered.community.phoneNumber).toBe("+995555123456");

    for (const cookie of [undefined, s.member.cookie]) {
      const seen = await view(s.community.id, cookie);
      expect(seen.community.name).toBe("Morning Runners");
      expect(seen.community.pendingEdit).toBeNull();
    }
    const explore = (await (await call(`/api/communities?q=Crypto`)).json()) as { items: { id: string }[] };
    expect(explore.items.map((i) => i.id)).not.toContain(s.community.id);
    expect((await view(s.community.id, s.admin.cookie)).community.pendingEdit?.name).toBe("Crypto Riches Fast");
  });

  it("applies the change when staff approve it, and tells the owner", async () => {
    const s = await approvedCommunity();
    await edit(s.community.id, s.admin.cookie, { name: "Evening Runners" });
    const queued = (await editsQueue(s.staff.cookie)).items.find((i) => i.id === s.community.id);
    expect(queued).toMatchObject({ current: { name: "Morning Runners" }, proposed: { name: "Evening Runners" } });
    const res = await call(`/api/admin/communities/${s.community.id}/edit/approve`, {
      body: { submittedAt: queued!.proposed.submittedAt },
      cookie: s.staff.cookie,
    });
    expect(res.status).toBe(200);
    const seen = await view(s.community.id, s.owner.cookie);
    expect(seen.community).toMatchObject({ name: "Evening Runners", pendingEdit: null, reviewStatus: "approved" });
    expect((await editsQueue(s.staff.cookie)).items.map((i) => i.id)).not.toContain(s.community.id);
    const notes = (await (await call("/api/notifications?limit=10", { cookie: s.owner.cookie })).json()) as {
      items: { data: { decision?: string } | null }[];
    };
    expect(notes.items.map((n) => n.data?.decision)).toContain("approve_edit");
  });

  it("drops the change when staff reject it, with the reason for the owner, and keeps the approved version", async () => {
    const s = await approvedCommunity();
    await edit(s.community.id, s.owner.cookie, { description: "Buy my course now!!!" });
    const { submittedAt } = (await view(s.community.id, s.owner.cookie)).community.pendingEdit!;
    await expectError(
      await call(`/api/admin/communities/${s.community.id}/edit/reject`, { body: { submittedAt }, cookie: s.staff.cookie }),
      422,
      "VALIDATION_FAILED",
    );
    const res = await call(`/api/admin/communities/${s.community.id}/edit/reject`, {
      body: { submittedAt, reason: "Misleading" },
      cookie: s.staff.cookie,
    });
    expect(res.status).toBe(200);
    const seen = await view(s.community.id, s.owner.cookie);
    expect(seen.community).toMatchObject({ description: "A community for tests", pendingEdit: null });
    const notes = (await (await call("/api/notifications?limit=10", { cookie: s.owner.cookie })).json()) as {
      items: { data: { decision?: string; reason?: string } | null }[];
    };
    expect(notes.items.map((n) => n.data)).toContainEqual({ kind: "review", decision: "reject_edit", reason: "Misleading" });
  });

  it("refuses a decision on a version the owner has changed since (409), and nothing changes", async () => {
    const s = await approvedCommunity();
    await edit(s.community.id, s.owner.cookie, { name: "First Idea" });
    const first = (await view(s.community.id, s.owner.cookie)).community.pendingEdit!.submittedAt;
    await env.DB.prepare("update communities set pending_edit_at = pending_edit_at - 1000 where id = ?")
      .bind(s.community.id)
      .run();
    await expectError(
      await call(`/api/admin/communities/${s.community.id}/edit/approve`, {
        body: { submittedAt: first },
        cookie: s.staff.cookie,
      }),
      409,
      "CONFLICT",
    );
    expect((await view(s.community.id)).community.name).toBe("Morning Runners");
    expect((await view(s.community.id, s.owner.cookie)).community.pendingEdit?.name).toBe("First Idea");
  });

  it("answers 409 when nothing waits, and 404 for an unknown community", async () => {
    const s = await approvedCommunity();
    await expectError(
      await call(`/api/admin/communities/${s.community.id}/edit/approve`, { body: { submittedAt: 1 }, cookie: s.staff.cookie }),
      409,
      "CONFLICT",
    );
    await expectError(
      await call(`/api/admin/communities/nope/edit/approve`, { body: { submittedAt: 1 }, cookie: s.staff.cookie }),
      404,
    );
  });

  it("takes a field sent back to its approved value out of what waits, and clears the edit when nothing is left", async () => {
    const s = await approvedCommunity();
    await edit(s.community.id, s.owner.cookie, { name: "Renamed", categoryKey: "sports" });
    await edit(s.community.id, s.owner.cookie, { name: "Morning Runners" });
    expect((await view(s.community.id, s.owner.cookie)).community.pendingEdit).toEqual({
      categoryKey: "sports",
      submittedAt: expect.any(Number),
    });
    await edit(s.community.id, s.owner.cookie, { categoryKey: "technology" });
    expect((await view(s.community.id, s.owner.cookie)).community.pendingEdit).toBeNull();
  });

  it("holds new images too, and lets the owner save the form again with them", async () => {
    const s = await approvedCommunity();
    const image = await uploadImage(s.owner.cookie);
    expect((await edit(s.community.id, s.owner.cookie, { imageUrls: [image] })).status).toBe(200);
    expect((await view(s.community.id)).community.imageUrls).toEqual([]);
    // The whole form comes back with the waiting image: it is the owner's, already checked.
    expect((await edit(s.community.id, s.admin.cookie, { imageUrls: [image], name: "Morning Runners" })).status).toBe(200);
    expect((await view(s.community.id, s.owner.cookie)).community.pendingEdit?.imageUrls).toEqual([image]);
  });

  it("does not hold a community still under review: review will see it as it is", async () => {
    const owner = await createUser();
    const fresh = await createCommunity(owner.user.id, { reviewStatus: "under_review" });
    await edit(fresh.id, owner.cookie, { name: "Still in review" });
    expect((await view(fresh.id, owner.cookie)).community).toMatchObject({ name: "Still in review", pendingEdit: null });
  });

  it("is staff's alone: everyone else gets 404 (401 signed out)", async () => {
    const s = await approvedCommunity();
    await edit(s.community.id, s.owner.cookie, { name: "Renamed" });
    for (const u of [s.owner, s.admin, s.member]) {
      expect((await call("/api/admin/community-edits", { cookie: u.cookie })).status).toBe(404);
      expect(
        (await call(`/api/admin/communities/${s.community.id}/edit/approve`, { body: { submittedAt: 1 }, cookie: u.cookie }))
          .status,
      ).toBe(404);
    }
    expect((await call("/api/admin/community-edits")).status).toBe(401);
    expect((await view(s.community.id)).community.name).toBe("Morning Runners");
  });
});
