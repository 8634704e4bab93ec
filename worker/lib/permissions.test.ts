import { describe, expect, it } from "vitest";
import {
  canDeleteContent,
  canEditContent,
  canManage,
  canManageContent,
  canOwn,
  canReview,
  canSeeReports,
  canViewCommunity,
  canWrite,
  communityRole,
  hasMemberAccess,
  isListed,
  type Actor,
  type CommunityFacts,
  type MembershipFacts,
} from "./permissions";

const approved: CommunityFacts = { creatorId: "owner", archived: false, reviewStatus: "approved" };
const archived: CommunityFacts = { ...approved, archived: true };
const owner: Actor = { userId: "owner", platformRole: null };
const admin: Actor = { userId: "admin", platformRole: null };
const moderator: Actor = { userId: "mod", platformRole: null };
const member: Actor = { userId: "member", platformRole: null };
const outsider: Actor = { userId: "outsider", platformRole: null };
const staff: Actor = { userId: "staff", platformRole: "staff" };
const m = (role: "admin" | "moderator" | "member"): MembershipFacts => ({ role });
const ownerM = m("admin");

describe("community roles", () => {
  it("derives the owner from the creator id, others from their membership", () => {
    expect(communityRole(owner, approved, ownerM)).toBe("owner");
    expect(communityRole(admin, approved, m("admin"))).toBe("admin");
    expect(communityRole(member, approved, m("member"))).toBe("member");
    expect(communityRole(outsider, approved, null)).toBeNull();
    expect(communityRole(null, approved, null)).toBeNull();
  });
});

describe("visibility", () => {
  for (const status of ["under_review", "rejected", "suspended"] as const) {
    it(`shows a ${status} community only to its owner and staff`, () => {
      const c = { ...approved, reviewStatus: status };
      expect(canViewCommunity(owner, c)).toBe(true);
      expect(canViewCommunity(staff, c)).toBe(true);
      expect(canViewCommunity(member, c)).toBe(false);
      expect(canViewCommunity(null, c)).toBe(false);
      expect(isListed(c)).toBe(false);
    });
  }
  it("shows approved communities to everyone and lists them unless archived", () => {
    expect(canViewCommunity(null, approved)).toBe(true);
    expect(isListed(approved)).toBe(true);
    expect(isListed(archived)).toBe(false);
  });
  it("keeps members-only areas for members", () => {
    expect(hasMemberAccess(member, approved, m("member"))).toBe(true);
    expect(hasMemberAccess(outsider, approved, null)).toBe(false);
    expect(hasMemberAccess(staff, approved, null)).toBe(false);
    expect(hasMemberAccess(member, { ...approved, reviewStatus: "suspended" }, m("member"))).toBe(false);
  });
  it("keeps members-only areas open to the owner while the community is not approved", () => {
    for (const reviewStatus of ["under_review", "rejected", "suspended"] as const) {
      expect(hasMemberAccess(owner, { ...approved, reviewStatus }, ownerM)).toBe(true);
      expect(hasMemberAccess(admin, { ...approved, reviewStatus }, m("admin"))).toBe(false);
    }
  });
  it("ends paid access at the end of the paid period", () => {
    const paid = { ...approved, isPaid: true };
    expect(hasMemberAccess(member, paid, { role: "member", accessUntil: 2_000 }, 1_000)).toBe(true);
    expect(hasMemberAccess(member, paid, { role: "member", accessUntil: 500 }, 1_000)).toBe(false);
    expect(hasMemberAccess(member, paid, { role: "member", accessUntil: null }, 1_000)).toBe(true);
    // The period ends at its last instant: at `accessUntil` itself access is over.
    expect(hasMemberAccess(member, paid, { role: "member", accessUntil: 1_000 }, 1_000)).toBe(false);
  });
  it("ends access by the paid period only in paid communities, and only for members", () => {
    // A free community ignores a leftover end of access (e.g. the community stopped charging).
    expect(hasMemberAccess(member, approved, { role: "member", accessUntil: 500 }, 1_000)).toBe(true);
    // Moderators and admins do not pay; their access does not end with a period.
    const paid = { ...approved, isPaid: true };
    expect(hasMemberAccess(moderator, paid, { role: "moderator", accessUntil: 500 }, 1_000)).toBe(true);
    expect(hasMemberAccess(admin, paid, { role: "admin", accessUntil: 500 }, 1_000)).toBe(true);
  });
});

describe("writing and moderation", () => {
  it("makes archived communities read-only for everyone", () => {
    expect(canWrite(member, approved, m("member"))).toBe(true);
    expect(canWrite(member, archived, m("member"))).toBe(false);
    expect(canWrite(owner, archived, ownerM)).toBe(false);
    expect(canDeleteContent(owner, archived, ownerM, "member")).toBe(false);
    expect(canManageContent(owner, archived, ownerM)).toBe(false);
  });
  it("lets authors, moderators, admins and the owner delete; only authors edit", () => {
    expect(canDeleteContent(member, approved, m("member"), "member")).toBe(true);
    expect(canDeleteContent(member, approved, m("member"), "someone")).toBe(false);
    expect(canDeleteContent(moderator, approved, m("moderator"), "someone")).toBe(true);
    expect(canDeleteContent(admin, approved, m("admin"), "someone")).toBe(true);
    expect(canDeleteContent(owner, approved, ownerM, "someone")).toBe(true);
    expect(canDeleteContent(staff, approved, null, "someone")).toBe(false);
    expect(canEditContent(member, approved, m("member"), "member")).toBe(true);
    expect(canEditContent(owner, approved, ownerM, "member")).toBe(false);
    expect(canEditContent(null, approved, null, "member")).toBe(false);
    expect(canEditContent(null, approved, null, null)).toBe(false);
  });
  it("gives management to admins and the owner, ownership actions to the owner only", () => {
    expect(canManage(owner, approved, ownerM)).toBe(true);
    expect(canManage(admin, approved, m("admin"))).toBe(true);
    expect(canManage(moderator, approved, m("moderator"))).toBe(false);
    expect(canOwn(owner, approved, ownerM)).toBe(true);
    expect(canOwn(admin, approved, m("admin"))).toBe(false);
    expect(canManageContent(owner, approved, ownerM)).toBe(true);
    expect(canManageContent(admin, approved, m("admin"))).toBe(true);
    expect(canManageContent(moderator, approved, m("moderator"))).toBe(false);
  });
  it("opens a community's report queue to moderators, admins and the owner, archived or not", () => {
    expect(canSeeReports(moderator, approved, m("moderator"))).toBe(true);
    expect(canSeeReports(admin, archived, m("admin"))).toBe(true);
    expect(canSeeReports(owner, approved, ownerM)).toBe(true);
    expect(canSeeReports(member, approved, m("member"))).toBe(false);
    expect(canSeeReports(staff, approved, null)).toBe(false);
    expect(canSeeReports(null, approved, null)).toBe(false);
  });
  it("lets only staff review", () => {
    expect(canReview(staff)).toBe(true);
    expect(canReview(owner)).toBe(false);
    expect(canReview(null)).toBe(false);
  });
});
