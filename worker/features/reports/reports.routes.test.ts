import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addMember, call, createCommunity, createUser } from "../../../tests/factories";
import { parseQueryStats } from "../../lib/query-count";

type Item = {
  id: string;
  targetId: string;
  reason: string;
  excerpt: string | null;
  postId: string | null;
  status: string;
  communityStatus?: string | null;
  reporter?: { id: string; fullName: string } | null;
};

const REPORTER_NAME = "Rezo Whistleblower";

type Queue = { status: number; text: string; items: Item[]; roundTrips: number | undefined };

const roundTrips = (res: Response) => parseQueryStats(res.headers.get("server-timing"))?.roundTrips;

async function queue(path: string, cookie?: string): Promise<Queue> {
  const res = await call(path, { cookie });
  const text = await res.text();
  const items = res.ok ? (JSON.parse(text) as { items: Item[] }).items : [];
  return { status: res.status, text, items, roundTrips: roundTrips(res) };
}

async function postBy(cookie: string, communityId: string, content: string): Promise<string> {
  const res = await call(`/api/communities/${communityId}/posts`, { body: { content }, cookie });
  return ((await res.json()) as { post: { id: string } }).post.id;
}

async function commentBy(cookie: string, postId: string, content: string): Promise<string> {
  const res = await call(`/api/posts/${postId}/comments`, { body: { content }, cookie });
  return ((await res.json()) as { comment: { id: string } }).comment.id;
}

/**
 * A community with every role, content by each of them, and a member who reported all of it: the owner's,
 * an admin's, a moderator's and a member's post, and a moderator's comment.
 */
async function world() {
  const owner = await createUser({ name: "Olga Owner" });
  const admin = await createUser({ name: "Ada Admin" });
  const moderator = await createUser({ name: "Mose Moderator" });
  const member = await createUser({ name: "Mia Member" });
  const reporter = await createUser({ name: REPORTER_NAME });
  const outsider = await createUser();
  const staff = await createUser({ staff: true });
  const community = await createCommunity(owner.user.id);
  await addMember(community.id, admin.user.id, "admin");
  await addMember(community.id, moderator.user.id, "moderator");
  await addMember(community.id, member.user.id);
  await addMember(community.id, reporter.user.id);

  const targets = {
    ownerPost: await postBy(owner.cookie, community.id, "Owner's announcement"),
    adminPost: await postBy(admin.cookie, community.id, "Admin's rules"),
    moderatorPost: await postBy(moderator.cookie, community.id, "Moderator's tips"),
    memberPost: await postBy(member.cookie, community.id, "Buy cheap followers now"),
  };
  const moderatorComment = await commentBy(moderator.cookie, targets.memberPost, "Moderator's reply");
  for (const postId of Object.values(targets)) {
    expect((await call(`/api/posts/${postId}/report`, { body: { reason: "Spam" }, cookie: reporter.cookie })).status).toBe(201);
  }
  expect(
    (await call(`/api/comments/${moderatorComment}/report`, { body: { reason: "Rude" }, cookie: reporter.cookie })).status,
  ).toBe(201);

  const { results } = await env.DB.prepare("select id, target_id from reports where community_id = ?")
    .bind(community.id)
    .all<{ id: string; target_id: string }>();
  const reportOn = (targetId: string) => results.find((r) => r.target_id === targetId)!.id;
  const communityQueue = (cookie?: string, status = "open") =>
    queue(`/api/communities/${community.id}/reports?status=${status}`, cookie);
  const staffQueue = async (status = "open") =>
    (await queue(`/api/admin/reports?status=${status}&limit=100`, staff.cookie)).items.filter((i) =>
      results.some((r) => r.id === i.id),
    );
  const decide = (cookie: string, reportId: string, decision: "resolve" | "dismiss") =>
    call(`/api/communities/${community.id}/reports/${reportId}/${decision}`, { method: "POST", cookie });
  return {
    owner,
    admin,
    moderator,
    member,
    reporter,
    outsider,
    staff,
    community,
    targets: { ...targets, moderatorComment },
    reportOn,
    communityQueue,
    staffQueue,
    decide,
  };
}

type World = Awaited<ReturnType<typeof world>>;

const targetsOf = (q: Queue) => q.items.map((i) => i.targetId).sort();

/** The reporter is named to staff only: neither their id nor their name is anywhere in a community answer. */
function expectNoReporter(w: World, q: Queue) {
  expect(q.status).toBe(200);
  expect(q.text).not.toContain(w.reporter.user.id);
  expect(q.text).not.toContain(REPORTER_NAME);
  for (const item of q.items) expect(item).not.toHaveProperty("reporter");
}

describe("community report queue", () => {
  it("shows a moderator reports on members' content only, never on their own post or comment nor on an admin's", async () => {
    const w = await world();
    const seen = await w.communityQueue(w.moderator.cookie);
    expectNoReporter(w, seen);
    expect(targetsOf(seen)).toEqual([w.targets.memberPost]);
    expect(seen.roundTrips).toBe(1);
    expect(seen.items[0]).toMatchObject({
      reason: "Spam",
      excerpt: "Buy cheap followers now",
      postId: w.targets.memberPost,
      status: "open",
    });

    for (const target of [w.targets.moderatorPost, w.targets.moderatorComment, w.targets.adminPost, w.targets.ownerPost]) {
      for (const decision of ["resolve", "dismiss"] as const) {
        expect((await w.decide(w.moderator.cookie, w.reportOn(target), decision)).status).toBe(404);
      }
    }
    const untouched = await env.DB.prepare(
      "select count(*) as n from reports where community_id = ? and community_status = 'open' and status = 'open'",
    )
      .bind(w.community.id)
      .first<{ n: number }>();
    expect(untouched?.n).toBe(5);
  });

  it("shows an admin reports on moderators' and members' content, not on the owner's nor their own", async () => {
    const w = await world();
    const seen = await w.communityQueue(w.admin.cookie);
    expectNoReporter(w, seen);
    expect(targetsOf(seen)).toEqual([w.targets.memberPost, w.targets.moderatorPost, w.targets.moderatorComment].sort());
    expect((await w.decide(w.admin.cookie, w.reportOn(w.targets.ownerPost), "dismiss")).status).toBe(404);
    expect((await w.decide(w.admin.cookie, w.reportOn(w.targets.adminPost), "dismiss")).status).toBe(404);
    const resolved = await w.decide(w.admin.cookie, w.reportOn(w.targets.moderatorPost), "resolve");
    expect(resolved.status).toBe(200);
    expect(await resolved.json()).toEqual({ id: w.reportOn(w.targets.moderatorPost), status: "resolved" });
    expect(roundTrips(resolved)).toBe(2);
  });

  it("shows the owner reports on everyone's content but their own", async () => {
    const w = await world();
    const seen = await w.communityQueue(w.owner.cookie);
    expectNoReporter(w, seen);
    expect(targetsOf(seen)).toEqual(
      [w.targets.memberPost, w.targets.moderatorPost, w.targets.moderatorComment, w.targets.adminPost].sort(),
    );
    expect((await w.decide(w.owner.cookie, w.reportOn(w.targets.ownerPost), "dismiss")).status).toBe(404);
    expect((await w.decide(w.owner.cookie, w.reportOn(w.targets.adminPost), "dismiss")).status).toBe(200);
    const dismissed = await w.communityQueue(w.owner.cookie, "dismissed");
    expectNoReporter(w, dismissed);
    expect(targetsOf(dismissed)).toEqual([w.targets.adminPost]);
  });

  it("ranks the author by their role now: a member promoted after the report moves it out of a moderator's sight", async () => {
    const w = await world();
    await env.DB.prepare("update community_members set role = 'moderator' where community_id = ? and profile_id = ?")
      .bind(w.community.id, w.member.user.id)
      .run();
    expect(targetsOf(await w.communityQueue(w.moderator.cookie))).toEqual([]);
    expect(targetsOf(await w.communityQueue(w.admin.cookie))).toContain(w.targets.memberPost);
  });

  it("keeps a report whose author's account is gone, for the moderators, as on a member's content", async () => {
    const w = await world();
    await env.DB.prepare("delete from users where id = ?").bind(w.admin.user.id).run();
    const report = await env.DB.prepare("select target_author_id from reports where id = ?")
      .bind(w.reportOn(w.targets.adminPost))
      .first();
    expect(report).toEqual({ target_author_id: null });
    expect(targetsOf(await w.communityQueue(w.moderator.cookie))).toEqual([w.targets.adminPost, w.targets.memberPost].sort());
  });

  it("stays closed to members (403), outsiders (404) and guests (401), for reading and deciding", async () => {
    const w = await world();
    const report = w.reportOn(w.targets.memberPost);
    expect((await w.communityQueue(w.member.cookie)).status).toBe(403);
    expect((await w.communityQueue(w.reporter.cookie)).status).toBe(403);
    expect((await w.communityQueue(w.outsider.cookie)).status).toBe(404);
    expect((await w.communityQueue()).status).toBe(401);
    expect((await w.decide(w.member.cookie, report, "dismiss")).status).toBe(403);
    expect((await w.decide(w.outsider.cookie, report, "dismiss")).status).toBe(404);
    expect((await call(`/api/communities/${w.community.id}/reports/${report}/dismiss`, { method: "POST" })).status).toBe(401);
    expect((await w.communityQueue(w.staff.cookie)).status).toBe(404);
    const bad = await call(`/api/communities/${w.community.id}/reports?status=closed`, { cookie: w.moderator.cookie });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { error: { issues: { path: string }[] } }).error.issues.map((i) => i.path)).toEqual(["status"]);
    const badDecision = await call(`/api/communities/${w.community.id}/reports/${report}/ignore`, {
      method: "POST",
      cookie: w.moderator.cookie,
    });
    expect(badDecision.status).toBe(422);
  });
});

describe("staff report queue", () => {
  it("shows staff every report with its reporter, and keeps staff and community decisions apart", async () => {
    const w = await world();
    const open = await w.staffQueue();
    expect(open.map((i) => i.targetId).sort()).toEqual(Object.values(w.targets).sort());
    for (const item of open) {
      expect(item).toMatchObject({
        status: "open",
        communityStatus: "open",
        reporter: { id: w.reporter.user.id, fullName: REPORTER_NAME },
      });
    }

    // A community dismissal closes the community's queue only: staff review stays open.
    const memberReport = w.reportOn(w.targets.memberPost);
    expect((await w.decide(w.moderator.cookie, memberReport, "dismiss")).status).toBe(200);
    expect((await w.decide(w.moderator.cookie, memberReport, "resolve")).status).toBe(404);
    expect(targetsOf(await w.communityQueue(w.moderator.cookie))).toEqual([]);
    expect((await w.staffQueue()).find((i) => i.id === memberReport)).toMatchObject({
      status: "open",
      communityStatus: "dismissed",
    });

    // A staff decision closes staff review only: the community's queue keeps the report open.
    const moderatorReport = w.reportOn(w.targets.moderatorPost);
    expect((await call(`/api/admin/reports/${moderatorReport}/resolve`, { method: "POST", cookie: w.staff.cookie })).status).toBe(
      200,
    );
    expect((await call(`/api/admin/reports/${moderatorReport}/dismiss`, { method: "POST", cookie: w.staff.cookie })).status).toBe(
      404,
    );
    expect((await w.staffQueue()).map((i) => i.id)).not.toContain(moderatorReport);
    expect((await w.staffQueue("resolved")).map((i) => i.id)).toEqual([moderatorReport]);
    const adminView = await w.communityQueue(w.admin.cookie);
    expect(adminView.items.find((i) => i.id === moderatorReport)).toMatchObject({ status: "open" });

    // Staff still decide the report the community dismissed.
    expect((await call(`/api/admin/reports/${memberReport}/resolve`, { method: "POST", cookie: w.staff.cookie })).status).toBe(
      200,
    );

    const rows = await env.DB.prepare(
      `select id, status, handled_by, community_status, community_handled_by from reports where id in (?, ?) order by id`,
    )
      .bind(memberReport, moderatorReport)
      .all();
    expect(rows.results).toEqual(
      expect.arrayContaining([
        {
          id: memberReport,
          status: "resolved",
          handled_by: w.staff.user.id,
          community_status: "dismissed",
          community_handled_by: w.moderator.user.id,
        },
        {
          id: moderatorReport,
          status: "resolved",
          handled_by: w.staff.user.id,
          community_status: "open",
          community_handled_by: null,
        },
      ]),
    );
  });

  it("keeps the reported words as they were filed, when their author edits or deletes them", async () => {
    const w = await world();
    const reportedPost = w.targets.memberPost;
    const edit = await call(`/api/posts/${reportedPost}`, {
      method: "PATCH",
      body: { content: "Nothing to see here" },
      cookie: w.member.cookie,
    });
    expect(edit.status).toBe(200);
    const excerptOf = async (targetId: string) => (await w.staffQueue()).find((i) => i.targetId === targetId)?.excerpt;
    expect(await excerptOf(reportedPost)).toBe("Buy cheap followers now");
    expect((await call(`/api/posts/${reportedPost}`, { method: "DELETE", cookie: w.member.cookie })).status).toBe(200);
    expect(await excerptOf(reportedPost)).toBe("Buy cheap followers now");

    // A direct message deleted by its sender after the report: staff still read what it said.
    const start = await call("/api/conversations/direct", { body: { userId: w.reporter.user.id }, cookie: w.member.cookie });
    const conversationId = ((await start.json()) as { conversation: { id: string } }).conversation.id;
    const messageId = crypto.randomUUID();
    const sent = await call(`/api/conversations/${conversationId}/messages`, {
      body: { id: messageId, content: "Send me your card number" },
      cookie: w.member.cookie,
    });
    expect(sent.status).toBe(201);
    const filed = await call(`/api/messages/${messageId}/report`, { body: { reason: "Scam" }, cookie: w.reporter.cookie });
    expect(filed.status).toBe(201);
    expect((await call(`/api/messages/${messageId}`, { method: "DELETE", cookie: w.member.cookie })).status).toBe(200);
    const staffItems = (await queue("/api/admin/reports?status=open&limit=100", w.staff.cookie)).items;
    expect(staffItems.find((i) => i.targetId === messageId)?.excerpt).toBe("Send me your card number");
  });

  it("is for staff only", async () => {
    const owner = await createUser();
    expect((await call("/api/admin/reports", { cookie: owner.cookie })).status).toBe(404);
    expect((await call("/api/admin/reports")).status).toBe(401);
  });
});
