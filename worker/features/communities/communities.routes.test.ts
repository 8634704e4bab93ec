import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { plans, type PlanId } from "../../../common/catalog";
import { addMember, call, createCommunity, createUser, uploadImage, type TestUser } from "../../../tests/factories";
import { openDb } from "../../lib/db";
import { parseQueryStats } from "../../lib/query-count";
import type { CommunityView } from "./community-view";

type ErrorJson = { error: { code: string; message: string; issues?: { path: string; message: string }[] } };

const validBody = (images: string[] = []) => ({
  name: "Tbilisi Makers",
  description: "People who build things with their hands.",
  phoneNumber: "+995555123456",
  coverVideoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  categoryKey: "arts",
  imageUrls: images,
  targetAudience: ["Woodworkers", "Beginners"],
  isPaid: false,
  plan: "free",
});

const count = async (query: string, ...params: unknown[]) =>
  (await env.DB.prepare(query)
    .bind(...params)
    .first<{ n: number }>())!.n;

async function setup(opts: { plan?: PlanId } = {}) {
  const owner = await createUser({ name: "Owner Person" });
  const admin = await createUser();
  const moderator = await createUser();
  const member = await createUser();
  const outsider = await createUser();
  const staff = await createUser({ staff: true });
  const community = await createCommunity(owner.user.id, { name: `Guild ${crypto.randomUUID().slice(0, 8)}`, plan: opts.plan });
  await addMember(community.id, admin.user.id, "admin");
  await addMember(community.id, moderator.user.id, "moderator");
  await addMember(community.id, member.user.id, "member");
  return { owner, admin, moderator, member, outsider, staff, community };
}

describe("creating a community", () => {
  it("creates it under review with the owner as admin and a 10-point bonus", async () => {
    const owner = await createUser();
    const images = [await uploadImage(owner.cookie), await uploadImage(owner.cookie)];
    const res = await call("/api/communities", { body: validBody(images), cookie: owner.cookie });
    expect(res.status).toBe(201);
    const { community, pointsEarned } = (await res.json()) as {
      community: { id: string; reviewStatus: string };
      pointsEarned: number;
    };
    expect(community.reviewStatus).toBe("under_review");
    expect(pointsEarned).toBe(10);
    const row = await env.DB.prepare(
      "select review_status, members_count, image_urls, subscription_plan, submitted_for_review_at from communities where id = ?",
    )
      .bind(community.id)
      .first<{
        review_status: string;
        members_count: number;
        image_urls: string;
        subscription_plan: string;
        submitted_for_review_at: number;
      }>();
    expect(row).toMatchObject({ review_status: "under_review", members_count: 1, subscription_plan: "free" });
    expect(JSON.parse(row!.image_urls)).toEqual(images);
    expect(row!.submitted_for_review_at).toBeGreaterThan(0);
    expect(
      await count(
        "select role as n from community_members where community_id = ? and profile_id = ?",
        community.id,
        owner.user.id,
      ),
    ).toBe("admin");
    expect(
      await count("select points as n from user_points where community_id = ? and user_id = ?", community.id, owner.user.id),
    ).toBe(10);
    expect(
      await count("select count(*) as n from point_events where community_id = ? and reason = 'community_created'", community.id),
    ).toBe(1);
    // The owner sees it in the switcher; nobody else can open it yet.
    const mine = (await (await call("/api/me/communities", { cookie: owner.cookie })).json()) as {
      communities: { id: string }[];
    };
    expect(mine.communities.map((c) => c.id)).toContain(community.id);
    expect((await call(`/api/communities/${community.id}`)).status).toBe(404);
  });

  it("keeps the visibility chosen at creation: public unless asked, private when chosen, nothing else", async () => {
    const owner = await createUser();
    const visibilityOf = async (id: string) =>
      (await env.DB.prepare("select visibility as n from communities where id = ?").bind(id).first<{ n: string }>())!.n;
    const plain = await call("/api/communities", { body: validBody(), cookie: owner.cookie });
    expect(plain.status).toBe(201);
    expect(await visibilityOf(((await plain.json()) as { community: { id: string } }).community.id)).toBe("public");
    const closed = await call("/api/communities", { body: { ...validBody(), visibility: "private" }, cookie: owner.cookie });
    expect(closed.status).toBe(201);
    expect(await visibilityOf(((await closed.json()) as { community: { id: string } }).community.id)).toBe("private");
    const before = await count("select count(*) as n from communities where creator_id = ?", owner.user.id);
    const odd = await call("/api/communities", { body: { ...validBody(), visibility: "secret" }, cookie: owner.cookie });
    expect(odd.status).toBe(422);
    expect(((await odd.json()) as ErrorJson).error.issues).toEqual([{ path: "visibility", message: "Choose public or private" }]);
    expect(await count("select count(*) as n from communities where creator_id = ?", owner.user.id)).toBe(before);
  });

  it("keeps prices in tetri and drops paid fields of free communities", async () => {
    const owner = await createUser();
    const res = await call("/api/communities", {
      body: {
        ...validBody(),
        plan: "starter",
        isPaid: true,
        price: 29.99,
        paymentType: "subscription",
        subscriptionInterval: "quarterly",
      },
      cookie: owner.cookie,
    });
    const { community } = (await res.json()) as { community: { id: string } };
    const row = await env.DB.prepare("select price, payment_type, subscription_interval from communities where id = ?")
      .bind(community.id)
      .first();
    expect(row).toEqual({ price: 2999, payment_type: "subscription", subscription_interval: "quarterly" });
  });

  it.each([
    ["a missing name", { name: "" }, "name", "Community name is required"],
    ["a missing description", { description: "   " }, "description", "Description is required"],
    ["a missing phone", { phoneNumber: "" }, "phoneNumber", "Phone number is required"],
    ["a phone without +995", { phoneNumber: "+1555123456" }, "phoneNumber", "Invalid Georgian phone number format"],
    ["a phone with 8 digits", { phoneNumber: "+99555512345" }, "phoneNumber", "Invalid Georgian phone number format"],
    ["no category", { categoryKey: undefined }, "categoryKey", "Please select a category"],
    ["an unknown category", { categoryKey: "weapons" }, "categoryKey", "Please select a category"],
    [
      "a cover link that is not YouTube",
      { coverVideoUrl: "https://vimeo.com/123" },
      "coverVideoUrl",
      "Please enter a valid YouTube URL",
    ],
    ["a paid community without a price", { isPaid: true, paymentType: "single" }, "price", "Please enter a valid price"],
    ["a zero price", { isPaid: true, price: 0, paymentType: "single" }, "price", "Please enter a valid price"],
    ["a price with three decimals", { isPaid: true, price: 1.234, paymentType: "single" }, "price", "Please enter a valid price"],
    [
      "eleven images",
      {
        imageUrls: Array.from(
          { length: 11 },
          (_, i) => `/files/community_image/0190c6a4-0000-7000-8000-${String(i).padStart(12, "0")}.png`,
        ),
      },
      "imageUrls",
      "You can only upload up to 10 images.",
    ],
    ["an image from elsewhere", { imageUrls: ["https://evil.example/a.png"] }, "imageUrls.0", "Images must be uploaded first"],
    [
      "someone else's upload",
      { imageUrls: ["/files/community_image/0190c6a4-0000-7000-8000-000000000001.png"] },
      "imageUrls",
      "Images must be uploaded first",
    ],
    ["a too-long name", { name: "x".repeat(101) }, "name", "Community name must be at most 100 characters"],
    ["NUL in the name", { name: "Tbilisi\u0000Makers" }, "name", "Community name contains characters that are not allowed"],
    ["a bidi isolate in the name", { name: "Makers \u2067A" }, "name", "Community name contains characters that are not allowed"],
    [
      "a right-to-left override in a tag",
      { targetAudience: ["ok", "\u202eevil"] },
      "targetAudience.1",
      "Tag contains characters that are not allowed",
    ],
    ["a wrong type", { isPaid: "yes" }, "isPaid", "Choose free or paid"],
  ] as const)("refuses %s with its message and writes nothing", async (_name, patch, path, message) => {
    const owner = await createUser();
    const before = await count("select count(*) as n from communities");
    const res = await call("/api/communities", { body: { ...validBody(), ...patch }, cookie: owner.cookie });
    expect(res.status).toBe(422);
    const body = (await res.json()) as ErrorJson;
    expect(body.error.issues).toContainEqual({ path, message });
    expect(await count("select count(*) as n from communities")).toBe(before);
  });

  it("stores the name in NFC and answers it as stored", async () => {
    const owner = await createUser();
    const res = await call("/api/communities", {
      body: {
        ...validBody(),
        name: "Cafe\u0301 Club",
        description: "Coffee \u202eand\u202c talk",
        targetAudience: ["Baristas\u0301"],
      },
      cookie: owner.cookie,
    });
    expect(res.status).toBe(201);
    const { community } = (await res.json()) as { community: { id: string; name: string } };
    expect(community.name).toBe("Café Club");
    const row = await env.DB.prepare("select name, description, target_audience from communities where id = ?")
      .bind(community.id)
      .first<{ name: string; description: string; target_audience: string }>();
    expect(row).toEqual({
      name: "Café Club",
      description: "Coffee and talk",
      target_audience: JSON.stringify(["Barista\u015b"]),
    });
    const read = (await (await call(`/api/communities/${community.id}`, { cookie: owner.cookie })).json()) as CommunityView;
    expect(read.community).toMatchObject({
      name: "Café Club",
      description: "Coffee and talk",
      targetAudience: ["Barista\u015b"],
    });
  });

  it("starts a community chosen with a paid plan on Free until the plan is paid; refuses guests", async () => {
    const owner = await createUser();
    const res = await call("/api/communities", { body: { ...validBody(), plan: "starter" }, cookie: owner.cookie });
    expect(res.status).toBe(201);
    const { community } = (await res.json()) as { community: { id: string } };
    const row = await env.DB.prepare("select subscription_plan, plan_limits from communities where id = ?")
      .bind(community.id)
      .first();
    expect(row).toEqual({ subscription_plan: "free", plan_limits: JSON.stringify({ maxMembers: 100 }) });
    expect((await call("/api/communities", { body: validBody() })).status).toBe(401);
    expect((await call("/api/communities", { rawBody: "{", cookie: owner.cookie })).status).toBe(400);
  });
});

describe("a retried community create", () => {
  const create = (u: TestUser, body: object, key: string) =>
    call("/api/communities", { body, cookie: u.cookie, headers: { "idempotency-key": key } });
  const created = async (res: Response) => ((await res.json()) as { community: { id: string } }).community.id;
  const owned = (u: TestUser) => count("select count(*) as n from communities where creator_id = ?", u.user.id);

  it("is stored once, with one membership and one bonus, and answered with the first community", async () => {
    const owner = await createUser();
    const key = crypto.randomUUID();
    const first = await create(owner, validBody(), key);
    const retry = await create(owner, validBody(), key);
    expect([first.status, retry.status]).toEqual([201, 201]);
    const firstBody = await first.json();
    expect(await retry.json()).toEqual(firstBody);
    expect(await owned(owner)).toBe(1);
    expect(await count("select count(*) as n from community_members where profile_id = ?", owner.user.id)).toBe(1);
    expect(await count("select coalesce(sum(amount), 0) as n from point_events where user_id = ?", owner.user.id)).toBe(10);
    expect(parseQueryStats(retry.headers.get("server-timing"))?.roundTrips).toBe(2);
  });

  it("keeps each person's keys their own", async () => {
    const [one, two] = [await createUser(), await createUser()];
    const key = crypto.randomUUID();
    const a = await create(one, validBody(), key);
    const b = await create(two, validBody(), key);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(await created(a)).not.toBe(await created(b));
    expect([await owned(one), await owned(two)]).toEqual([1, 1]);
  });

  it("refuses the same key for another community", async () => {
    const owner = await createUser();
    const key = crypto.randomUUID();
    expect((await create(owner, validBody(), key)).status).toBe(201);
    const other = await create(owner, { ...validBody(), name: "Another Guild" }, key);
    expect(other.status).toBe(422);
    expect(((await other.json()) as ErrorJson).error.issues).toEqual([
      { path: "idempotency-key", message: "Already used for a different request" },
    ]);
    expect(await owned(owner)).toBe(1);
  });

  it("stores one community when identical requests arrive together", async () => {
    const owner = await createUser();
    const key = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(owner, validBody(), key)));
    expect(answers.map((r) => r.status)).toEqual(Array(5).fill(201));
    expect(new Set(await Promise.all(answers.map(created))).size).toBe(1);
    expect(await owned(owner)).toBe(1);
    expect(await count("select coalesce(sum(points), 0) as n from user_points where user_id = ?", owner.user.id)).toBe(10);
  });
});

describe("who sees a community", () => {
  const roles = ["guest", "outsider", "member", "admin", "owner", "staff"] as const;
  const expected: Record<string, Record<(typeof roles)[number], number>> = {
    under_review: { guest: 404, outsider: 404, member: 404, admin: 404, owner: 200, staff: 200 },
    rejected: { guest: 404, outsider: 404, member: 404, admin: 404, owner: 200, staff: 200 },
    suspended: { guest: 404, outsider: 404, member: 404, admin: 404, owner: 200, staff: 200 },
    approved: { guest: 200, outsider: 200, member: 200, admin: 200, owner: 200, staff: 200 },
    archived: { guest: 200, outsider: 200, member: 200, admin: 200, owner: 200, staff: 200 },
  };
  it.each(Object.keys(expected))("%s: detail per role, and only approved active ones are listed", async (status) => {
    const s = await setup();
    await env.DB.prepare("update communities set review_status = ?, archived = ? where id = ?")
      .bind(status === "archived" ? "approved" : status, status === "archived" ? 1 : 0, s.community.id)
      .run();
    const cookieOf: Record<string, string | undefined> = {
      guest: undefined,
      outsider: s.outsider.cookie,
      member: s.member.cookie,
      admin: s.admin.cookie,
      owner: s.owner.cookie,
      staff: s.staff.cookie,
    };
    for (const role of roles) {
      const res = await call(`/api/communities/${s.community.id}`, { cookie: cookieOf[role] });
      expect(`${role}:${res.status}`).toBe(`${role}:${expected[status]![role]}`);
    }
    const listed = (await (await call(`/api/communities?q=${encodeURIComponent(s.community.name)}`)).json()) as {
      items: { id: string }[];
    };
    expect(listed.items.map((i) => i.id).includes(s.community.id)).toBe(status === "approved");
  });

  it("tells the viewer what they may do and hides contact details from the public", async () => {
    const s = await setup();
    const view = async (u?: TestUser) =>
      (await (await call(`/api/communities/${s.community.id}`, { cookie: u?.cookie })).json()) as CommunityView;
    await env.DB.prepare("update communities set phone_number = '+995555000111' where id = ?").bind(s.community.id).run();
    expect((await view()).viewer).toMatchObject({ isMember: false, canJoin: true, canManage: false });
    expect((await view()).community.phoneNumber).toBeNull();
    expect((await view(s.member)).viewer).toMatchObject({
      isMember: true,
      role: "member",
      hasAccess: true,
      canManage: false,
      canJoin: false,
    });
    expect((await view(s.admin)).viewer).toMatchObject({ canManage: true, canEdit: true, canOwn: false });
    expect((await view(s.owner)).viewer).toMatchObject({ isCreator: true, canOwn: true });
    expect((await view(s.owner)).community.phoneNumber).toBe("+995555000111");
    expect((await view(s.owner)).community.creator?.fullName).toBe("Owner Person");
  });
});

describe("explore", () => {
  it("filters, searches, sorts and pages without repeats", async () => {
    const owner = await createUser();
    const tag = crypto.randomUUID().slice(0, 8);
    const made: string[] = [];
    for (let i = 0; i < 7; i++) {
      const c = await createCommunity(owner.user.id, {
        name: `Explore ${tag} ${i}`,
        categoryKey: i % 2 ? "music" : "travel",
        isPaid: i >= 5,
      });
      await env.DB.prepare("update communities set members_count = ?, price = ?, payment_type = ? where id = ?")
        .bind(10 * i, i >= 5 ? 1000 * i : 0, i >= 5 ? "subscription" : null, c.id)
        .run();
      made.push(c.id);
    }
    type Page = {
      items: { id: string; name: string; membersCount: number; price: number; isMember: boolean }[];
      nextCursor: string | null;
    };
    const page = async (q: string, cookie?: string) =>
      (await (await call(`/api/communities?q=${tag}&${q}`, { cookie })).json()) as Page;

    const popular = await page("limit=3");
    expect(popular.items.map((i) => i.membersCount)).toEqual([60, 50, 40]);
    const seen = new Set(popular.items.map((i) => i.id));
    let cursor = popular.nextCursor;
    while (cursor) {
      const next = await page(`limit=3&cursor=${cursor}`);
      for (const item of next.items) {
        expect(seen.has(item.id)).toBe(false);
        seen.add(item.id);
      }
      cursor = next.nextCursor;
    }
    expect(seen.size).toBe(7);

    expect((await page("category=music")).items).toHaveLength(3);
    expect((await page("price=free")).items).toHaveLength(5);
    expect((await page("price=paid&minPrice=55")).items.map((i) => i.price)).toEqual([6000]);
    expect((await page("sort=price_high&price=paid")).items.map((i) => i.price)).toEqual([6000, 5000]);
    expect((await page("sort=oldest&limit=1")).items[0]!.id).toBe(made[0]);
    expect((await page("sort=newest&limit=1")).items[0]!.id).toBe(made[6]);
    expect((await page("minMembers=45")).items).toHaveLength(2);
    expect((await page("paymentType=subscription")).items).toHaveLength(2);
    expect((await page("limit=1", owner.cookie)).items[0]!.isMember).toBe(true);
    // Signed in or not, any page size: one statement, the session read inside it.
    for (const [limit, cookie] of [
      [3, owner.cookie],
      [48, owner.cookie],
      [48, undefined],
    ] as const) {
      const res = await call(`/api/communities?q=${tag}&limit=${limit}`, { cookie });
      expect(parseQueryStats(res.headers.get("server-timing"))).toMatchObject({ statements: 1, roundTrips: 1 });
    }
  });

  it.each(["sort=random", "limit=0", "limit=49", "category=weapons", "minMembers=-1", "cursor=zzz", "q=" + "x".repeat(101)])(
    "rejects %s",
    async (q) => {
      expect((await call(`/api/communities?${q}`)).status).toBe(422);
    },
  );

  it("searches words through the full-text index, every filter and sort still applying", async () => {
    const owner = await createUser();
    const tag = `t${crypto.randomUUID().slice(0, 8)}`;
    const make = async (name: string, description: string, categoryKey: string, members: number) => {
      const c = await createCommunity(owner.user.id, { name, categoryKey });
      await env.DB.prepare("update communities set description = ?, members_count = ? where id = ?")
        .bind(description, members, c.id)
        .run();
      return c.id;
    };
    const kitchen = await make(`Грузинская кухня ${tag}`, "Рецепты и ужины", "lifestyle", 30);
    const supra = await make(`Supra ${tag}`, "Долгие ужины с тостами, грузинская кухня", "lifestyle", 50);
    const chess = await make(`ჭადრაკის კლუბი ${tag}`, "Blitz every Friday", "gaming", 10);
    const found = async (q: string, more = "") =>
      (
        (await (await call(`/api/communities?q=${encodeURIComponent(q)}${more}`)).json()) as { items: { id: string }[] }
      ).items.map((i) => i.id);
    expect(await found(`${tag} КУХН`)).toEqual([supra, kitchen]);
    expect(await found(`${tag} кухня`, "&sort=oldest")).toEqual([kitchen, supra]);
    expect(await found(`${tag} ჭადრ`)).toEqual([chess]);
    expect(await found(`${tag} blitz`, "&category=lifestyle")).toEqual([]);
    expect(await found(`${tag} "грузинская кухня"`)).toEqual([supra, kitchen]);
    expect(await found(`${tag} "кухня грузинская"`)).toEqual([]);
    expect(await found(`${tag} NEAR( "`, "&minMembers=20")).toEqual([]);
    expect(await found("!!!")).toEqual([]);

    const { exploreStatement } = await import("./explore.queries");
    const db = openDb(env);
    for (const sort of ["popular", "price_low"] as const) {
      const statement = exploreStatement(
        { q: "кухня", sort, category: "music", price: "all", paymentType: "all", limit: 12 },
        null,
      );
      const details = (await db.all<{ detail: string }>(sql`explain query plan ${statement}`)).map((r) => r.detail).join(" | ");
      expect(details).toMatch(/SCAN communities_fts VIRTUAL TABLE INDEX \d+:M/);
      expect(details).toMatch(/SEARCH c USING INDEX sqlite_autoindex_communities_1 \(id=\?\)/);
      expect(details).not.toMatch(/SCAN c\b/);
    }
  });

  it("uses indexes for every sort, with and without a category", async () => {
    const { exploreStatement } = await import("./explore.queries");
    const db = openDb(env);
    for (const sort of ["popular", "newest", "oldest", "price_low", "price_high"] as const) {
      for (const category of [undefined, "music" as const]) {
        const statement = exploreStatement({ sort, category, price: "all", paymentType: "all", limit: 12 }, null);
        const plan = await db.all<{ detail: string }>(sql`explain query plan ${statement}`);
        const details = plan.map((r) => r.detail).join(" | ");
        expect(details).toMatch(/USING (COVERING )?INDEX communities_explore/);
        expect(details).not.toMatch(/SCAN c\b(?! USING)/);
        expect(details).not.toContain("TEMP B-TREE");
      }
    }
  });
});

describe("joining", () => {
  it("adds a member, counts them and tells the owner", async () => {
    const s = await setup();
    const res = await call(`/api/communities/${s.community.id}/join`, { method: "POST", cookie: s.outsider.cookie });
    expect(res.status).toBe(200);
    // The caller with the community, then the join batch that reads the result back.
    expect(parseQueryStats(res.headers.get("server-timing"))?.roundTrips).toBe(2);
    const view = (await res.json()) as CommunityView;
    expect(view.viewer).toMatchObject({ isMember: true, role: "member" });
    expect(view.community.membersCount).toBe(5);
    expect(
      await count(
        "select count(*) as n from notifications where recipient_id = ? and type = 'COMMUNITY_JOIN' and sender_id = ?",
        s.owner.user.id,
        s.outsider.user.id,
      ),
    ).toBe(1);

    const again = await call(`/api/communities/${s.community.id}/join`, { method: "POST", cookie: s.outsider.cookie });
    expect(again.status).toBe(409);
    expect(((await again.json()) as ErrorJson).error.code).toBe("ALREADY_MEMBER");
    expect(await count("select members_count as n from communities where id = ?", s.community.id)).toBe(5);
  });

  it("enforces the plan's member limit", async () => {
    const s = await setup();
    await env.DB.prepare("update communities set plan_limits = '{\"maxMembers\":4}' where id = ?").bind(s.community.id).run();
    const res = await call(`/api/communities/${s.community.id}/join`, { method: "POST", cookie: s.outsider.cookie });
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorJson).error.message).toBe("This community has reached its member limit.");
    expect(await count("select count(*) as n from community_members where community_id = ?", s.community.id)).toBe(4);
  });

  it("refuses guests, hidden, archived and paid communities", async () => {
    const s = await setup();
    expect((await call(`/api/communities/${s.community.id}/join`, { method: "POST" })).status).toBe(401);
    const hidden = await createCommunity(s.owner.user.id, { reviewStatus: "under_review" });
    expect((await call(`/api/communities/${hidden.id}/join`, { method: "POST", cookie: s.outsider.cookie })).status).toBe(404);
    const archived = await createCommunity(s.owner.user.id, { archived: true });
    expect((await call(`/api/communities/${archived.id}/join`, { method: "POST", cookie: s.outsider.cookie })).status).toBe(409);
    const paid = await createCommunity(s.owner.user.id, { isPaid: true });
    const res = await call(`/api/communities/${paid.id}/join`, { method: "POST", cookie: s.outsider.cookie });
    expect(((await res.json()) as ErrorJson).error.code).toBe("NOT_AVAILABLE");
    expect(await count("select count(*) as n from community_members where profile_id = ?", s.outsider.user.id)).toBe(0);
  });
});

describe("managing", () => {
  it("lets the owner and admins edit, nobody else", async () => {
    const s = await setup();
    const edit = (u: TestUser | undefined, body: object) =>
      call(`/api/communities/${s.community.id}`, { method: "PATCH", body, cookie: u?.cookie });
    expect((await edit(s.admin, { name: "Renamed by admin" })).status).toBe(200);
    expect((await edit(s.owner, { description: "New words" })).status).toBe(200);
    expect((await edit(s.moderator, { name: "x" })).status).toBe(403);
    expect((await edit(s.member, { name: "x" })).status).toBe(403);
    expect((await edit(s.outsider, { name: "x" })).status).toBe(403);
    expect((await edit(s.staff, { name: "x" })).status).toBe(403);
    expect((await edit(undefined, { name: "x" })).status).toBe(401);
    const bad = await edit(s.owner, { phoneNumber: "123", name: "" });
    expect(bad.status).toBe(422);
    // The community is approved: the changes wait for staff, the 422 added nothing to them.
    const row = await env.DB.prepare("select name, pending_edit from communities where id = ?").bind(s.community.id).first();
    expect(row).toEqual({
      name: s.community.name,
      pending_edit: JSON.stringify({ name: "Renamed by admin", description: "New words" }),
    });
  });

  it("manages topics for admins; members read them; outsiders get 404", async () => {
    const s = await setup();
    const base = `/api/communities/${s.community.id}/topics`;
    const created = await call(base, { body: { name: "Announcements", color: "#2563eb" }, cookie: s.admin.cookie });
    expect(created.status).toBe(201);
    const { topic } = (await created.json()) as { topic: { id: string; color: string } };
    expect(topic.color).toBe("#2563EB");
    expect((await call(base, { body: { name: "Announcements", color: "#000000" }, cookie: s.owner.cookie })).status).toBe(409);
    expect((await call(base, { body: { name: "Ideas", color: "blue" }, cookie: s.owner.cookie })).status).toBe(422);
    expect((await call(base, { body: { name: "Ideas", color: "#111111" }, cookie: s.member.cookie })).status).toBe(403);
    const renamed = await call(`${base}/${topic.id}`, {
      method: "PATCH",
      body: { name: "News", color: "#16A34A" },
      cookie: s.owner.cookie,
    });
    expect(((await renamed.json()) as { topic: { name: string } }).topic.name).toBe("News");
    const listed = await call(base, { cookie: s.member.cookie });
    // A read is one round trip: the access check and the topics together.
    expect(parseQueryStats(listed.headers.get("server-timing"))?.roundTrips).toBe(1);
    const list = (await listed.json()) as { topics: { name: string }[] };
    expect(list.topics.map((t) => t.name)).toEqual(["News"]);
    expect((await call(base, { cookie: s.outsider.cookie })).status).toBe(404);
    expect((await call(`${base}/${topic.id}`, { method: "DELETE", cookie: s.moderator.cookie })).status).toBe(403);
    expect((await call(`${base}/${topic.id}`, { method: "DELETE", cookie: s.owner.cookie })).status).toBe(200);
    expect((await call(`${base}/${topic.id}`, { method: "DELETE", cookie: s.owner.cookie })).status).toBe(404);
  });

  it("asks guests to sign in (401) on topics and edits, whether or not the community is public", async () => {
    const s = await setup();
    const hidden = await createCommunity(s.owner.user.id, { reviewStatus: "under_review" });
    for (const id of [s.community.id, hidden.id]) {
      const topics = `/api/communities/${id}/topics`;
      const statuses = await Promise.all([
        call(topics),
        call(topics, { body: { name: "Ideas", color: "#111111" } }),
        call(`${topics}/some-topic`, { method: "PATCH", body: { name: "Ideas", color: "#111111" } }),
        call(`${topics}/some-topic`, { method: "DELETE" }),
        call(`/api/communities/${id}`, { method: "PATCH", body: { name: "x" } }),
      ]);
      expect(statuses.map((res) => res.status)).toEqual([401, 401, 401, 401, 401]);
    }
  });

  it("lets only the owner change roles, and tells the member", async () => {
    const s = await setup();
    const setRole = (u: TestUser, userId: string, role: string) =>
      call(`/api/communities/${s.community.id}/members/${userId}`, { method: "PATCH", body: { role }, cookie: u.cookie });
    expect((await setRole(s.owner, s.member.user.id, "moderator")).status).toBe(200);
    expect(
      await count(
        "select role as n from community_members where community_id = ? and profile_id = ?",
        s.community.id,
        s.member.user.id,
      ),
    ).toBe("moderator");
    expect(
      await count(
        "select count(*) as n from notifications where recipient_id = ? and type = 'COMMUNITY_ROLE_CHANGE'",
        s.member.user.id,
      ),
    ).toBe(1);
    // The member's app says it in the member's language: the new role is data, no English is stored.
    const told = (await (await call("/api/notifications", { cookie: s.member.cookie })).json()) as {
      items: { type: string; content: string; data: unknown; sender: { id: string } | null }[];
    };
    expect(told.items.find((n) => n.type === "COMMUNITY_ROLE_CHANGE")).toMatchObject({
      content: "",
      data: { role: "moderator" },
      sender: { id: s.owner.user.id },
    });
    // Setting the role a member already has changes nothing and notifies nobody.
    expect((await setRole(s.owner, s.member.user.id, "moderator")).status).toBe(200);
    expect(
      await count(
        "select count(*) as n from notifications where recipient_id = ? and type = 'COMMUNITY_ROLE_CHANGE'",
        s.member.user.id,
      ),
    ).toBe(1);
    expect((await setRole(s.admin, s.member.user.id, "admin")).status).toBe(403);
    expect((await setRole(s.owner, s.owner.user.id, "member")).status).toBe(409);
    expect((await setRole(s.owner, s.outsider.user.id, "admin")).status).toBe(404);
    expect((await setRole(s.owner, s.member.user.id, "king")).status).toBe(422);
  });

  it("keeps a paid community's price and payment type unless the edit makes it free", async () => {
    const s = await setup({ plan: "starter" });
    await env.DB.prepare(
      "update communities set is_paid = 1, price = 2500, payment_type = 'subscription', subscription_interval = 'monthly' where id = ?",
    )
      .bind(s.community.id)
      .run();
    const paid = () =>
      env.DB.prepare("select is_paid, price, payment_type, subscription_interval from communities where id = ?")
        .bind(s.community.id)
        .first();
    const before = await paid();
    for (const [body, field] of [
      [{ price: null }, "price"],
      [{ paymentType: null }, "paymentType"],
      [{ subscriptionInterval: null }, "subscriptionInterval"],
      [{ paymentType: "subscription", subscriptionInterval: null }, "subscriptionInterval"],
      [{ isPaid: true, price: null, paymentType: "single" }, "price"],
    ] as const) {
      const res = await call(`/api/communities/${s.community.id}`, { method: "PATCH", body, cookie: s.owner.cookie });
      expect(res.status).toBe(422);
      const { error } = (await res.json()) as ErrorJson;
      expect(error.issues?.map((i) => i.path)).toEqual([field]);
    }
    expect(await paid()).toEqual(before);
    // One-time payment drops the interval; making it free clears all three.
    const single = { paymentType: "single", subscriptionInterval: null };
    expect(
      (await call(`/api/communities/${s.community.id}`, { method: "PATCH", body: single, cookie: s.owner.cookie })).status,
    ).toBe(200);
    expect(await paid()).toEqual({ is_paid: 1, price: 2500, payment_type: "single", subscription_interval: null });
    const free = { isPaid: false, price: null, paymentType: null, subscriptionInterval: null };
    expect(
      (await call(`/api/communities/${s.community.id}`, { method: "PATCH", body: free, cookie: s.owner.cookie })).status,
    ).toBe(200);
    expect(await paid()).toEqual({ is_paid: 0, price: 0, payment_type: null, subscription_interval: null });
  });

  it("archives for the owner only, and an archived community is read-only", async () => {
    const s = await setup();
    expect((await call(`/api/communities/${s.community.id}/archive`, { method: "POST", cookie: s.admin.cookie })).status).toBe(
      403,
    );
    expect((await call(`/api/communities/${s.community.id}/archive`, { method: "POST", cookie: s.owner.cookie })).status).toBe(
      200,
    );
    expect((await call(`/api/communities/${s.community.id}/join`, { method: "POST", cookie: s.outsider.cookie })).status).toBe(
      409,
    );
    const edit = await call(`/api/communities/${s.community.id}`, {
      method: "PATCH",
      body: { name: "x" },
      cookie: s.owner.cookie,
    });
    expect(((await edit.json()) as ErrorJson).error.code).toBe("READ_ONLY");
    expect(
      (await call(`/api/communities/${s.community.id}/topics`, { body: { name: "T", color: "#111111" }, cookie: s.owner.cookie }))
        .status,
    ).toBe(409);
    expect((await call(`/api/communities/${s.community.id}/unarchive`, { method: "POST", cookie: s.owner.cookie })).status).toBe(
      200,
    );
    expect((await call(`/api/communities/${s.community.id}/join`, { method: "POST", cookie: s.outsider.cookie })).status).toBe(
      200,
    );
  });
});

describe("staff review", () => {
  it("is invisible to everyone but staff", async () => {
    const s = await setup();
    for (const u of [s.owner, s.admin, s.member, s.outsider])
      expect((await call("/api/admin/communities", { cookie: u.cookie })).status).toBe(404);
    expect((await call("/api/admin/communities")).status).toBe(401);
    expect((await call(`/api/admin/communities/${s.community.id}/suspend`, { body: {}, cookie: s.owner.cookie })).status).toBe(
      404,
    );
  });

  it("approves, rejects with a reason, suspends and restores, telling the owner each time", async () => {
    const owner = await createUser();
    const staff = await createUser({ staff: true });
    const created = await call("/api/communities", { body: validBody(), cookie: owner.cookie });
    const { community } = (await created.json()) as { community: { id: string } };
    const queue = (await (
      await call("/api/admin/communities?status=under_review&limit=50", { cookie: staff.cookie })
    ).json()) as { items: { id: string }[] };
    expect(queue.items.map((i) => i.id)).toContain(community.id);

    const act = (action: string, body: object = {}) =>
      call(`/api/admin/communities/${community.id}/${action}`, { body, cookie: staff.cookie });
    expect((await act("reject")).status).toBe(422);
    expect((await act("reject", { reason: "Please add a description of your sessions" })).status).toBe(200);
    const rejected = (await (await call(`/api/communities/${community.id}`, { cookie: owner.cookie })).json()) as CommunityView;
    expect(rejected.community).toMatchObject({
      reviewStatus: "rejected",
      rejectionReason: "Please add a description of your sessions",
    });
    expect((await act("suspend")).status).toBe(409);
    expect((await act("approve")).status).toBe(200);
    expect((await call(`/api/communities/${community.id}`)).status).toBe(200);
    expect((await act("suspend", { reason: "Spam" })).status).toBe(200);
    expect((await call(`/api/communities/${community.id}`)).status).toBe(404);
    expect((await act("restore")).status).toBe(200);
    const listed = (await (await call("/api/notifications?limit=50", { cookie: owner.cookie })).json()) as {
      items: { type: string; content: string; data: { kind?: string; decision?: string; reason?: string } | null }[];
    };
    expect(listed.items.filter((n) => n.type === "SYSTEM_ANNOUNCEMENT").map((n) => n.data)).toEqual([
      { kind: "review", decision: "restore" },
      { kind: "review", decision: "suspend", reason: "Spam" },
      { kind: "review", decision: "approve" },
      { kind: "review", decision: "reject", reason: "Please add a description of your sessions" },
    ]);
    // Nothing in English: the owner's app writes each decision in the owner's language from its data.
    expect(listed.items.filter((n) => n.type === "SYSTEM_ANNOUNCEMENT").map((n) => n.content)).toEqual(["", "", "", ""]);
  });
});

describe("review follow-ups", () => {
  it("puts a rejected community back in the queue when its owner edits it", async () => {
    const owner = await createUser();
    const staff = await createUser({ staff: true });
    const { community } = (await (await call("/api/communities", { body: validBody(), cookie: owner.cookie })).json()) as {
      community: { id: string };
    };
    await call(`/api/admin/communities/${community.id}/reject`, { body: { reason: "Too vague" }, cookie: staff.cookie });
    const res = await call(`/api/communities/${community.id}`, {
      method: "PATCH",
      body: { description: "Weekly workshops, every Saturday." },
      cookie: owner.cookie,
    });
    const view = (await res.json()) as CommunityView;
    expect(view.community).toMatchObject({ reviewStatus: "under_review", rejectionReason: null });
  });

  it("pages the review queue without skipping same-millisecond submissions", async () => {
    const staff = await createUser({ staff: true });
    const owner = await createUser();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await createCommunity(owner.user.id, { reviewStatus: "under_review" })).id);
    await env.DB.prepare(`update communities set submitted_for_review_at = 1 where id in (?, ?, ?)`)
      .bind(...ids)
      .run();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = (await (
        await call(`/api/admin/communities?limit=1${cursor ? `&cursor=${cursor}` : ""}`, { cookie: staff.cookie })
      ).json()) as {
        items: { id: string }[];
        nextCursor: string | null;
      };
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor && seen.length < 50);
    for (const id of ids) expect(seen).toContain(id);
  });

  it("offers Join to nobody on an archived community", async () => {
    const owner = await createUser();
    const archived = await createCommunity(owner.user.id, { archived: true });
    const view = (await (await call(`/api/communities/${archived.id}`)).json()) as CommunityView;
    expect(view.viewer.canJoin).toBe(false);
  });
});

describe("the plan's paid memberships (DESIGN.md section 4)", () => {
  const paidBody = { isPaid: true, price: 25, paymentType: "single" };
  const pricing = (id: string) =>
    env.DB.prepare("select is_paid, price, payment_type from communities where id = ?").bind(id).first();
  const edit = (u: TestUser, id: string, body: object) =>
    call(`/api/communities/${id}`, { method: "PATCH", body, cookie: u.cookie });

  it("creating a paid community on Free is refused on its price, and nothing is written", async () => {
    const owner = await createUser();
    const name = `Paid on Free ${crypto.randomUUID().slice(0, 8)}`;
    const res = await call("/api/communities", { body: { ...validBody(), name, ...paidBody }, cookie: owner.cookie });
    expect(res.status).toBe(422);
    const { error } = (await res.json()) as ErrorJson;
    expect(error.issues).toEqual([{ path: "price", message: "Paid memberships are part of the Starter plan and above." }]);
    expect(await count("select count(*) as n from communities where name = ?", name)).toBe(0);
  });

  it("creating a paid community for the Starter plan keeps its price (on Free until the plan is paid)", async () => {
    const owner = await createUser();
    const res = await call("/api/communities", { body: { ...validBody(), plan: "starter", ...paidBody }, cookie: owner.cookie });
    expect(res.status).toBe(201);
    const { community } = (await res.json()) as { community: { id: string } };
    expect(await pricing(community.id)).toEqual({ is_paid: 1, price: 2500, payment_type: "single" });
  });

  it("on Free, the owner cannot set a price: 403 with the plan's explanation, the price unchanged", async () => {
    const s = await setup({ plan: "free" });
    const refused = await edit(s.owner, s.community.id, paidBody);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ErrorJson).error).toMatchObject({
      code: "FORBIDDEN",
      message: "Paid memberships are part of the Starter plan and above.",
    });
    expect(await pricing(s.community.id)).toEqual({ is_paid: 0, price: 0, payment_type: null });
    // The rest of an edit goes through, and the web is told why the paid option is off.
    expect((await edit(s.owner, s.community.id, { description: "Still free" })).status).toBe(200);
    const view = (await (await call(`/api/communities/${s.community.id}`, { cookie: s.owner.cookie })).json()) as CommunityView;
    expect(view.community.features).toEqual(plans.free.features);
  });

  it("on Starter, the owner sets a price", async () => {
    const s = await setup({ plan: "starter" });
    const res = await edit(s.owner, s.community.id, paidBody);
    expect(res.status).toBe(200);
    expect(((await res.json()) as CommunityView).community.features).toEqual(plans.starter.features);
    expect(await pricing(s.community.id)).toEqual({ is_paid: 1, price: 2500, payment_type: "single" });
  });

  it("moved down to Free, a paid community keeps its price, cannot change it, and may go free", async () => {
    const s = await setup({ plan: "starter" });
    expect((await edit(s.owner, s.community.id, paidBody)).status).toBe(200);
    await env.DB.prepare("update communities set subscription_plan = 'free', plan_features = ? where id = ?")
      .bind(JSON.stringify(plans.free.features), s.community.id)
      .run();
    // The settings form sends the price it was shown: unchanged, it is no price change.
    expect((await edit(s.owner, s.community.id, { ...paidBody, description: "Same price" })).status).toBe(200);
    expect((await edit(s.owner, s.community.id, { ...paidBody, price: 30 })).status).toBe(403);
    expect((await edit(s.owner, s.community.id, { paymentType: "subscription", subscriptionInterval: "monthly" })).status).toBe(
      403,
    );
    expect(await pricing(s.community.id)).toEqual({ is_paid: 1, price: 2500, payment_type: "single" });
    expect((await edit(s.owner, s.community.id, { isPaid: false })).status).toBe(200);
    expect(await pricing(s.community.id)).toEqual({ is_paid: 0, price: 0, payment_type: null });
  });
});
