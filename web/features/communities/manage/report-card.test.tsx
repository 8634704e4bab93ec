import { render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureNamespace, initI18n } from "../../../lib/i18n";
import type { CommunityReport, StaffReport } from "../../../../common/contract/reports";
import { ReportCard } from "./report-card";

beforeAll(async () => {
  await initI18n("en");
  await ensureNamespace("communities");
});

const inCommunity: CommunityReport = {
  id: "r1",
  community: { id: "c1", name: "Tbilisi Startup Circle" },
  targetKind: "post",
  targetId: "p1",
  postId: null,
  excerpt: "Buy cheap followers now",
  reason: "Spam",
  status: "open",
  createdAt: Date.now() - 60_000,
};

describe("report card", () => {
  it("names no reporter in a community's queue", () => {
    render(<ReportCard report={inCommunity} pending={null} onDecide={() => {}} />);
    expect(screen.getByText("Buy cheap followers now")).toBeTruthy();
    expect(screen.queryByText(/Reported by/)).toBeNull();
    expect(screen.queryByText(/Community:/)).toBeNull();
  });

  it("names the reporter and the community's decision to staff", () => {
    const forStaff: StaffReport = {
      ...inCommunity,
      communityStatus: "dismissed",
      reporter: { id: "u1", fullName: "Dato Kapanadze" },
    };
    render(<ReportCard report={forStaff} showCommunity pending={null} onDecide={() => {}} />);
    expect(screen.getByText(/Reported by Dato Kapanadze/)).toBeTruthy();
    expect(screen.getByText("Community: dismissed")).toBeTruthy();
    expect(screen.getByText(/Tbilisi Startup Circle/)).toBeTruthy();
  });
});
