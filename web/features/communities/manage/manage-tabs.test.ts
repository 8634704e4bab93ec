import { describe, expect, it } from "vitest";
import { validateManageTab } from "./manage-tabs";
import { manageTabsFor } from "./manage-tabs-for";

const viewer = { canManage: false, canOwn: false, role: null, isCreator: false } as const;

describe("manageTabsFor", () => {
  it("gives the owner every tab", () => {
    expect(manageTabsFor({ ...viewer, canManage: true, canOwn: true, role: "admin", isCreator: true })).toEqual([
      "details",
      "topics",
      "members",
      "banned",
      "reports",
      "metrics",
      "broadcasts",
      "payments",
      "archive",
    ]);
  });

  it("lets admins manage but not archive", () => {
    expect(manageTabsFor({ ...viewer, canManage: true, role: "admin" })).toEqual([
      "details",
      "topics",
      "members",
      "banned",
      "reports",
      "metrics",
      "broadcasts",
      "payments",
    ]);
  });

  it("gives moderators the reports only, and members nothing", () => {
    expect(manageTabsFor({ ...viewer, role: "moderator" })).toEqual(["reports"]);
    expect(manageTabsFor({ ...viewer, role: "member" }, { visibility: "private" })).toEqual([]);
    expect(manageTabsFor({ ...viewer, role: "member" })).toEqual([]);
  });

  it("adds the requests to join in a private community, for moderators and up", () => {
    expect(manageTabsFor({ ...viewer, role: "moderator" }, { visibility: "private" })).toEqual(["requests", "reports"]);
    expect(manageTabsFor({ ...viewer, canManage: true, role: "admin" }, { visibility: "private" })).toContain("requests");
  });

  it("reads the tab from the address, dropping unknown ones", () => {
    expect(validateManageTab("topics")).toBe("topics");
    expect(validateManageTab("banned")).toBe("banned");
    expect(validateManageTab("billing")).toBeUndefined();
  });
});
