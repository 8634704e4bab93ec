import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { plans, type PlanId } from "../../../common/catalog";
import type { CommunityView } from "../../../common/contract/communities";
import { mockFetch } from "../../test/fetch-mock";
import { renderInRouter } from "../../test/render-in-router";
import { DetailsPanel } from "./manage/details-panel";
import { JoinCard } from "./detail/join-card";

afterEach(() => cleanup());

const NOTE = "Paid memberships are part of the Starter plan and above.";

/** A community on `plan`, free or paid (₾25 a month), as its owner sees it unless `viewer` says otherwise. */
function view(plan: PlanId, paid: boolean, viewer: Partial<CommunityView["viewer"]> = {}): CommunityView {
  return {
    community: {
      id: "c_1",
      name: "Chess Night",
      description: "Blitz every Thursday.",
      phoneNumber: "+995555123456",
      coverVideoUrl: null,
      categoryKey: "gaming",
      imageUrls: [],
      isPaid: paid,
      price: paid ? 2500 : 0,
      currency: "GEL",
      paymentType: paid ? "subscription" : null,
      subscriptionInterval: paid ? "monthly" : null,
      targetAudience: [],
      subscriptionPlan: plan,
      maxMembers: plans[plan].maxMembers,
      features: plans[plan].features,
      reviewStatus: "approved",
      rejectionReason: null,
      pendingEdit: null,
      archived: false,
      membersCount: 1,
      postsCount: 0,
      eventsCount: 0,
      coursesCount: 0,
      createdAt: Date.UTC(2026, 5, 1),
      creator: { id: "u_ana", fullName: "Ana Kapanadze", avatarUrl: null },
      visibility: "public",
      hiddenFromExplore: false,
      membershipQuestions: [],
    },
    viewer: {
      isMember: true,
      role: "admin",
      isCreator: true,
      hasAccess: true,
      canJoin: false,
      canRequest: false,
      request: null,
      isBanned: false,
      canManage: true,
      canEdit: true,
      canOwn: true,
      isStaff: false,
      unpaidPlan: null,
      ...viewer,
    },
  };
}

async function renderDetails(plan: PlanId, paid: boolean) {
  mockFetch({});
  await renderInRouter(<DetailsPanel view={view(plan, paid)} />, { namespaces: ["communities"] });
  return {
    free: screen.getByRole("radio", { name: "Free" }) as HTMLInputElement,
    paid: screen.getByRole("radio", { name: "Paid" }) as HTMLInputElement,
  };
}

describe("the price in a community's settings and its plan", () => {
  it("on Free, the paid option is off and says why", async () => {
    const radios = await renderDetails("free", false);
    expect(radios.paid.disabled).toBe(true);
    expect(radios.free.checked).toBe(true);
    expect(screen.getByText(NOTE)).toBeTruthy();
    expect(screen.getByRole("group", { name: "Membership" }).getAttribute("aria-describedby")).toBe(screen.getByText(NOTE).id);
  });

  it("moved down to Free while paid, keeps its price as it is and may go free", async () => {
    const radios = await renderDetails("free", true);
    expect(radios.paid.checked).toBe(true);
    expect(radios.free.disabled).toBe(false);
    expect((screen.getByLabelText(/Price/) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(NOTE)).toBeTruthy();
  });

  it("on Starter, a price can be set", async () => {
    const radios = await renderDetails("starter", false);
    expect(radios.paid.disabled).toBe(false);
    expect(screen.queryByText(NOTE)).toBeNull();
  });
});

describe("paying to join and the community's plan", () => {
  const visitor = {
    isMember: false,
    role: null,
    isCreator: false,
    hasAccess: false,
    canJoin: true,
    canManage: false,
    canEdit: false,
    canOwn: false,
  };

  it("a paid community on a plan without paid memberships offers no payment, and says so", async () => {
    mockFetch({});
    const v = view("free", true, visitor);
    await renderInRouter(<JoinCard community={v.community} viewer={v.viewer} />, { namespaces: ["communities"] });
    expect(screen.getByText("This community is not taking paid memberships right now.")).toBeTruthy();
    expect(screen.queryByRole("link", { name: /Join for/ })).toBeNull();
  });

  it("on Starter, offers the payment", async () => {
    mockFetch({});
    const v = view("starter", true, visitor);
    await renderInRouter(<JoinCard community={v.community} viewer={v.viewer} />, { namespaces: ["communities"] });
    expect(screen.getByRole("link", { name: /Join for/ })).toBeTruthy();
  });

  it("through an invite link to a private community, joins by the link first, then goes to the payment", async () => {
    const { calls } = mockFetch({
      "POST /api/invites/tok_1/join": {
        status: 409,
        body: {
          error: { code: "NOT_AVAILABLE", message: "This community is paid: join it from the payment screen.", requestId: "t" },
        },
      },
    });
    const v = view("starter", true, visitor);
    const community = { ...v.community, visibility: "private" as const };
    const { router } = await renderInRouter(
      <JoinCard community={community} viewer={v.viewer} invite={{ token: "tok_1", state: "open" }} />,
      { namespaces: ["communities"] },
    );
    expect(screen.queryByRole("link", { name: /Join for/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: /Join for/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/communities/join-payment"));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain("POST /api/invites/tok_1/join");
  });
});
