import { describe, expect, it } from "vitest";
import { addMember, call, createCommunity, createUser } from "../../../tests/factories";
import type { MyCommunity } from "./me.queries";

describe("GET /api/me", () => {
  it("answers null for a guest, the user for a session", async () => {
    expect(await (await call("/api/me")).json()).toEqual({ user: null });
    const { user, cookie } = await createUser({ name: "Levan Gelashvili" });
    const body = (await (await call("/api/me", { cookie })).json()) as { user: Record<string, unknown> };
    expect(body.user).toEqual({
      id: user.id,
      email: user.email,
      fullName: "Levan Gelashvili",
      avatarUrl: null,
      emailVerified: true,
      platformRole: null,
    });
  });

  it("reports staff", async () => {
    const { cookie } = await createUser({ staff: true });
    const body = (await (await call("/api/me", { cookie })).json()) as { user: { platformRole: string } };
    expect(body.user.platformRole).toBe("staff");
  });
});

describe("GET /api/me/communities", () => {
  it("needs a session", async () => {
    expect((await call("/api/me/communities")).status).toBe(401);
  });

  it("lists created communities first with flags computed by the server", async () => {
    const owner = await createUser();
    const other = await createUser();
    const joinedAdmin = await createCommunity(other.user.id, { name: "Joined as admin" });
    const joinedMember = await createCommunity(other.user.id, { name: "Joined as member", archived: true });
    await createCommunity(owner.user.id, { name: "Own", reviewStatus: "under_review" });
    const foreign = await createCommunity(other.user.id, { name: "Not joined" });
    await addMember(joinedAdmin.id, owner.user.id, "admin");
    await addMember(joinedMember.id, owner.user.id, "member");

    const { communities } = (await (await call("/api/me/communities", { cookie: owner.cookie })).json()) as {
      communities: MyCommunity[];
    };
    expect(communities.map((c) => c.name)[0]).toBe("Own");
    expect(communities.map((c) => c.id)).not.toContain(foreign.id);
    const byName = Object.fromEntries(communities.map((c) => [c.name, c]));
    expect(byName.Own).toMatchObject({
      isCreator: true,
      role: "admin",
      canManage: true,
      canEdit: true,
      reviewStatus: "under_review",
    });
    expect(byName["Joined as admin"]).toMatchObject({ isCreator: false, role: "admin", canManage: true, canEdit: true });
    expect(byName["Joined as member"]).toMatchObject({
      isCreator: false,
      role: "member",
      canManage: false,
      canEdit: false,
      archived: true,
    });
  });
});
