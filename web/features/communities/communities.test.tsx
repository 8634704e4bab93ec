import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { anaUser, community, mockFetch } from "../../test/fetch-mock";
import { renderApp } from "../../test/render-app";
import { getCurrentCommunityId } from "../../lib/current-community";
import type { CommunityCard, CommunityView } from "../../../common/contract/communities";

const signedIn = (communities: unknown[] = []) => ({
  "GET /api/me": { body: { user: anaUser } },
  "GET /api/me/communities": { body: { communities } },
});

const card = (overrides: Partial<CommunityCard> = {}): CommunityCard => ({
  id: "c_run",
  name: "Caucasus Trail Runners",
  description: "Trail running in the mountains.",
  imageUrl: null,
  categoryKey: "sports",
  membersCount: 1500,
  isPaid: false,
  price: 0,
  currency: "GEL",
  paymentType: null,
  subscriptionInterval: null,
  isMember: false,
  isPrivate: false,
  ...overrides,
});

const view = (
  overrides: Partial<CommunityView["community"]> = {},
  viewer: Partial<CommunityView["viewer"]> = {},
): CommunityView => ({
  community: {
    id: "c_run",
    name: "Caucasus Trail Runners",
    description: "Trail running in the mountains.",
    phoneNumber: null,
    coverVideoUrl: null,
    categoryKey: "sports",
    imageUrls: [],
    isPaid: false,
    price: 0,
    currency: "GEL",
    paymentType: null,
    subscriptionInterval: null,
    targetAudience: ["Road runners"],
    subscriptionPlan: "free",
    maxMembers: 100,
    features: ["members100", "feed", "events", "support"],
    reviewStatus: "approved",
    rejectionReason: null,
    pendingEdit: null,
    archived: false,
    membersCount: 6,
    postsCount: 3,
    eventsCount: 1,
    coursesCount: 0,
    createdAt: Date.UTC(2026, 5, 1),
    creator: { id: "u_ana", fullName: "Ana Kapanadze", avatarUrl: null },
    visibility: "public",
    hiddenFromExplore: false,
    membershipQuestions: [],
    ...overrides,
  },
  viewer: {
    isMember: false,
    role: null,
    isCreator: false,
    hasAccess: false,
    canJoin: true,
    canRequest: false,
    request: null,
    isBanned: false,
    canManage: false,
    canEdit: false,
    canOwn: false,
    isStaff: false,
    unpaidPlan: null,
    ...viewer,
  },
});

describe("explore", () => {
  it("shows cards from the API with the spec's details and actions", async () => {
    mockFetch({
      ...signedIn(),
      "GET /api/communities": {
        body: {
          items: [
            card(),
            card({
              id: "c_fe",
              name: "Frontend Craft",
              categoryKey: "technology",
              isPaid: true,
              price: 2900,
              paymentType: "subscription",
              subscriptionInterval: "monthly",
              isMember: true,
              membersCount: 5,
            }),
          ],
          nextCursor: null,
        },
      },
    });
    await renderApp("/communities/explore");
    const runners = await screen.findByRole("article", { name: "Caucasus Trail Runners" });
    expect(within(runners).getByText("Sports")).toBeTruthy();
    expect(within(runners).getByText("1.5K members")).toBeTruthy();
    expect(within(runners).getByText("Free")).toBeTruthy();
    expect(within(runners).getByRole("link", { name: "Join" }).getAttribute("href")).toBe("/communities/c_run");
    expect(within(runners).getByRole("link", { name: "View Details" }).getAttribute("href")).toBe("/communities/c_run");
    const frontend = screen.getByRole("article", { name: "Frontend Craft" });
    expect(within(frontend).getByText("₾29/month")).toBeTruthy();
    fireEvent.click(within(frontend).getByRole("button", { name: "View Community" }));
    expect(getCurrentCommunityId()).toBe("c_fe");
  });

  it("keeps the category in the address and asks the API for it", async () => {
    const { calls } = mockFetch({ ...signedIn(), "GET /api/communities": { body: { items: [card()], nextCursor: null } } });
    const { router } = await renderApp("/communities/explore?sort=newest");
    await screen.findByRole("article", { name: "Caucasus Trail Runners" });
    fireEvent.click(screen.getByRole("button", { name: "Sports" }));
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: "newest", category: "sports" }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === "/api/communities" && c.search.includes("category=sports"))).toBe(true),
    );
    expect(calls.find((c) => c.search.includes("category=sports"))!.search).toContain("sort=newest");
    // With a category chosen, cards no longer repeat it.
    const runners = await screen.findByRole("article", { name: "Caucasus Trail Runners" });
    expect(within(runners).queryByText("Sports")).toBeNull();
  });

  it("applies the filters dialog to the address", async () => {
    mockFetch({ ...signedIn(), "GET /api/communities": { body: { items: [card()], nextCursor: null } } });
    const { router } = await renderApp("/communities/explore");
    await screen.findByRole("article", { name: "Caucasus Trail Runners" });
    fireEvent.click(screen.getByRole("button", { name: "Filters" }));
    const dialog = await screen.findByRole("dialog", { name: "Filters" });
    expect(within(dialog).queryByLabelText("Minimum price (₾)")).toBeNull();
    fireEvent.click(within(dialog).getByLabelText("Paid"));
    fireEvent.change(within(dialog).getByLabelText("Minimum price (₾)"), { target: { value: "10" } });
    fireEvent.change(within(dialog).getByLabelText("Minimum members"), { target: { value: "50" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Apply Filters" }));
    await waitFor(() => expect(router.state.location.search).toEqual({ price: "paid", minPrice: 10, minMembers: 50 }));
    expect(screen.getByRole("button", { name: /Filters/ }).textContent).toContain("2");
  });

  it("offers Clear Filters and Create Your Own Community when nothing matches", async () => {
    mockFetch({ ...signedIn(), "GET /api/communities": { body: { items: [], nextCursor: null } } });
    const { router } = await renderApp("/communities/explore?q=zzz&category=music");
    expect(await screen.findByText("No communities found")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Create Your Own Community" }).getAttribute("href")).toBe("/communities/create");
    fireEvent.click(screen.getByRole("button", { name: "Clear Filters" }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it("loads the next page with the cursor the API gave", async () => {
    const { calls } = mockFetch({
      ...signedIn(),
      "GET /api/communities": ({ url }) =>
        url.searchParams.get("cursor") === "page2"
          ? { body: { items: [card({ id: "c_2", name: "Second Page Club" })], nextCursor: null } }
          : { body: { items: [card()], nextCursor: "page2" } },
    });
    await renderApp("/communities/explore");
    await screen.findByRole("article", { name: "Caucasus Trail Runners" });
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("article", { name: "Second Page Club" })).toBeTruthy();
    expect(screen.getAllByRole("article")).toHaveLength(2);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
    expect(calls.filter((c) => c.path === "/api/communities").map((c) => new URLSearchParams(c.search).get("limit"))).toEqual([
      "12",
      "12",
    ]);
  });

  it("shows the error with Try Again", async () => {
    mockFetch({
      ...signedIn(),
      "GET /api/communities": { status: 500, body: { error: { code: "INTERNAL", message: "Boom", requestId: "r" } } },
    });
    await renderApp("/communities/explore");
    expect(await screen.findByRole("button", { name: "Try Again" }, { timeout: 8000 })).toBeTruthy();
  });
});

describe("community detail and joining", () => {
  it("joins a free community, welcomes the user and opens it", async () => {
    let joined = false;
    const { calls } = mockFetch({
      "GET /api/me": { body: { user: anaUser } },
      "GET /api/me/communities": () => ({
        body: { communities: joined ? [community({ id: "c_run", name: "Caucasus Trail Runners" })] : [] },
      }),
      "GET /api/communities/c_run": { body: view() },
      "POST /api/communities/c_run/join": () => {
        joined = true;
        return { body: view({ membersCount: 7 }, { isMember: true, role: "member", canJoin: false, hasAccess: true }) };
      },
    });
    const { router } = await renderApp("/communities/c_run");
    expect(await screen.findByRole("heading", { level: 1, name: "Caucasus Trail Runners" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Who is this for?" })).toBeTruthy();
    fireEvent.click(await screen.findByRole("button", { name: "Join Community" }));
    expect(await screen.findByText("Welcome! You've successfully joined Caucasus Trail Runners")).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(getCurrentCommunityId()).toBe("c_run");
    expect(calls.filter((c) => c.path === "/api/me/communities").length).toBeGreaterThan(1);
  });

  it("says why a full community cannot be joined", async () => {
    mockFetch({
      ...signedIn(),
      "GET /api/communities/c_run": { body: view() },
      "POST /api/communities/c_run/join": {
        status: 409,
        body: { error: { code: "CONFLICT", message: "This community has reached its member limit.", requestId: "r" } },
      },
    });
    await renderApp("/communities/c_run");
    fireEvent.click(await screen.findByRole("button", { name: "Join Community" }));
    expect((await screen.findByRole("alert")).textContent).toBe("This community has reached its member limit.");
  });

  it("sends a visitor to sign in and an archived community offers no join", async () => {
    mockFetch({ "GET /api/me": { body: { user: null } }, "GET /api/communities/c_run": { body: view() } });
    await renderApp("/communities/c_run");
    const signIn = await screen.findByRole("link", { name: "Sign in to join" });
    expect(signIn.getAttribute("href")).toBe("/auth/login?redirect=%2Fcommunities%2Fc_run");
    cleanup();

    mockFetch({ ...signedIn(), "GET /api/communities/c_run": { body: view({ archived: true }, { canJoin: false }) } });
    await renderApp("/communities/c_run");
    expect(await screen.findByText("This community is archived. It is read-only and not accepting new members.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Join Community" })).toBeNull();
  });

  it("shows the owner the review banner and a 404 as 'Community not found'", async () => {
    mockFetch({
      ...signedIn(),
      "GET /api/communities/c_run": {
        body: view(
          { reviewStatus: "rejected", rejectionReason: "Add a description" },
          { isMember: true, isCreator: true, canManage: true },
        ),
      },
    });
    await renderApp("/communities/c_run");
    expect(await screen.findByText("This community was not approved.")).toBeTruthy();
    expect(screen.getByText("Reason: Add a description")).toBeTruthy();
    cleanup();

    mockFetch(signedIn());
    await renderApp("/communities/gone");
    expect(await screen.findByRole("heading", { name: "Community not found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Browse Communities" }).getAttribute("href")).toBe("/communities/explore");
  });
});

describe("create community", () => {
  it("checks the form, then carries it to the plan screen", async () => {
    const { router } = await (mockFetch(signedIn()), renderApp("/communities/create"));
    fireEvent.click(await screen.findByRole("button", { name: "Continue" }));
    expect(await screen.findByText("Community name is required")).toBeTruthy();
    expect(screen.getByText("Phone number is required")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Community name")));

    fireEvent.change(screen.getByLabelText("Community name"), { target: { value: "Readers" } });
    fireEvent.change(screen.getByLabelText("Description"), { target: { value: "Books and tea" } });
    fireEvent.change(screen.getByLabelText("Phone number"), { target: { value: "555 12-34-56" } });
    fireEvent.change(screen.getByLabelText("Category"), { target: { value: "education" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/communities/subscription-selection"));
    expect(JSON.parse(sessionStorage.getItem("communityDraft")!)).toMatchObject({ name: "Readers", phoneDigits: "555123456" });
    expect(await screen.findByRole("heading", { name: "Choose a Plan" })).toBeTruthy();
  });

  it("sends the plan screen back to the form without data", async () => {
    mockFetch(signedIn());
    const { router } = await renderApp("/communities/subscription-selection");
    await waitFor(() => expect(router.state.location.pathname).toBe("/communities/create"));
  });

  it("creates on Free, shows the review dialog, and puts server field errors back on the form", async () => {
    sessionStorage.setItem(
      "communityDraft",
      JSON.stringify({ name: "Readers", description: "Books", phoneDigits: "555123456", categoryKey: "education" }),
    );
    const { calls } = mockFetch({
      ...signedIn(),
      "POST /api/communities": {
        status: 201,
        body: { community: { id: "c_new", name: "Readers", reviewStatus: "under_review" }, pointsEarned: 10 },
      },
    });
    const { router } = await renderApp("/communities/subscription-selection");
    fireEvent.click(await screen.findByRole("button", { name: "Choose Free" }));
    const dialog = await screen.findByRole("dialog", { name: "Community Under Review" });
    expect(within(dialog).getByText("You earned 10 bonus points for creating a community.")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")!.body).toMatchObject({
      plan: "free",
      phoneNumber: "+995555123456",
      isPaid: false,
    });
    expect(sessionStorage.getItem("communityDraft")).toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: "Understood" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    cleanup();

    sessionStorage.setItem(
      "communityDraft",
      JSON.stringify({ name: "Readers", description: "Books", phoneDigits: "555123456", categoryKey: "education" }),
    );
    mockFetch({
      ...signedIn(),
      "POST /api/communities": {
        status: 422,
        body: {
          error: {
            code: "VALIDATION_FAILED",
            message: "Some fields are not valid.",
            requestId: "r",
            issues: [{ path: "name", message: "Name taken" }],
          },
        },
      },
    });
    const second = await renderApp("/communities/subscription-selection");
    fireEvent.click(await screen.findByRole("button", { name: "Choose Free" }));
    await waitFor(() => expect(second.router.state.location.pathname).toBe("/communities/create"));
    expect(await screen.findByText("Name taken")).toBeTruthy();
    expect((screen.getByLabelText("Community name") as HTMLInputElement).value).toBe("Readers");
  });
});
