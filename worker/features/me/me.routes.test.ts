import { describe, expect, it } from "vitest";
import { addMember, call, createCommunity, createUser, expectError } from "../../../tests/factories";
import { parseQueryStats } from "../../lib/query-count";
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
      language: "en",
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

    const res = await call("/api/me/communities", { cookie: owner.cookie });
    // A read is one round trip: the session and the list together.
    expect(parseQueryStats(res.headers.get("server-timing"))?.roundTrips).toBe(1);
    const { communities } = (await res.json()) as { communities: MyCommunity[] };
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

describe("PATCH /api/me/preferences", () => {
  const setLanguage = (body: unknown, cookie?: string) => call("/api/me/preferences", { method: "PATCH", cookie, body });

  it("keeps the language chosen in the menu on the account", async () => {
    const { cookie } = await createUser();
    const res = await setLanguage({ language: "ru" }, cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ language: "ru" });
    const { user } = (await (await call("/api/me", { cookie })).json()) as { user: { language: string } };
    expect(user.language).toBe("ru");
  });

  it("needs a session", async () => {
    await expectError(await setLanguage({ language: "ka" }), 401, "UNAUTHENTICATED");
  });

  it("refuses what is not one of our languages, naming the field", async () => {
    const { cookie } = await createUser();
    for (const body of [{ language: "de" }, { language: 1 }, {}]) {
      const res = await expectError(await setLanguage(body, cookie), 422, "VALIDATION_FAILED");
      expect(res.error.issues).toEqual([{ path: "language", message: "Language must be one of en, ka, ru" }]);
    }
    await expectError(await call("/api/me/preferences", { method: "PATCH", cookie, rawBody: "{" }), 400);
    const { user } = (await (await call("/api/me", { cookie })).json()) as { user: { language: string } };
    expect(user.language).toBe("en");
  });
});
