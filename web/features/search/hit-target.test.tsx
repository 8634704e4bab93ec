import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { CalendarEvent } from "../../../common/contract/calendar";
import type { SearchHit } from "../../../common/contract/search";
import { getCurrentCommunityId, setCurrentCommunityId } from "../../lib/current-community";
import { anaUser, community, mockFetch } from "../../test/fetch-mock";
import { renderApp } from "../../test/render-app";
import { sampleEvent } from "../../test/sample-event";
import { enterHitCommunity, hitTarget } from "./hit-target";

const hit = (overrides: Partial<SearchHit>): SearchHit => ({
  kind: "posts",
  id: "x1",
  title: { text: "Title", marks: [] },
  snippet: null,
  communityId: "c_2",
  communityName: "Runners",
  postId: null,
  authorName: null,
  imageUrl: null,
  createdAt: null,
  startTime: null,
  membersCount: null,
  ...overrides,
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const event = (overrides: Partial<CalendarEvent> & { startTime: number }) => sampleEvent(overrides);

describe("where a search result leads", () => {
  it("takes a person to their profile, not the members list", () => {
    expect(hitTarget(hit({ kind: "people", id: "u_nino" }))).toEqual({ to: "/profile/$userId", params: { userId: "u_nino" } });
  });

  it("takes an event to its month of the calendar, marked, whether past or upcoming", () => {
    const past = new Date(2025, 2, 14, 18, 0).getTime();
    expect(hitTarget(hit({ kind: "events", id: "e_past", startTime: past }))).toEqual({
      to: "/calendar",
      search: { month: "2025-03", event: "e_past" },
    });
    const next = new Date(2030, 10, 1, 9, 0).getTime();
    expect(hitTarget(hit({ kind: "events", id: "e_next", startTime: next }))).toEqual({
      to: "/calendar",
      search: { month: "2030-11", event: "e_next" },
    });
  });

  it("takes posts, comments, courses and communities to their pages", () => {
    expect(hitTarget(hit({ kind: "posts", id: "p1" }))).toEqual({ to: "/post/$postId", params: { postId: "p1" } });
    expect(hitTarget(hit({ kind: "comments", id: "m1", postId: "p1" }))).toEqual({
      to: "/post/$postId",
      params: { postId: "p1" },
    });
    expect(hitTarget(hit({ kind: "courses", id: "k1" }))).toEqual({ to: "/course/$courseId", params: { courseId: "k1" } });
    expect(hitTarget(hit({ kind: "communities", id: "c_9" }))).toEqual({
      to: "/communities/$communityId",
      params: { communityId: "c_9" },
    });
  });

  it("makes an event's community the current one, so the calendar shows it", () => {
    enterHitCommunity(hit({ kind: "events", communityId: "c_2" }));
    expect(getCurrentCommunityId()).toBe("c_2");
  });

  it("leaves the current community alone for a person, whose profile is not a community's page", () => {
    enterHitCommunity(hit({ kind: "people", communityId: "c_2" }));
    expect(getCurrentCommunityId()).toBeNull();
  });
});

describe("an event found by the header search", () => {
  const eventHit = (e: CalendarEvent) =>
    hit({ kind: "events", id: e.id, title: { text: e.name, marks: [] }, communityId: e.communityId, startTime: e.startTime });

  it.each([
    ["a past", event({ id: "e_past", name: "Night shoot", startTime: Date.UTC(2025, 2, 14, 16) })],
    ["an upcoming", event({ id: "e_next", name: "Photo walk", startTime: Date.now() + 40 * DAY })],
  ])("opens the calendar on %s event, marked, in its month", async (_, found) => {
    const { calls } = mockFetch({
      "GET /api/me": { body: { user: anaUser } },
      "GET /api/me/communities": { body: { communities: [community()] } },
      // The default list (upcoming) holds no past event; the event's month does.
      "GET /api/communities/c_1/events": ({ url }) => ({
        body: { events: url.searchParams.get("month") ? [found] : [], canManage: false, readOnly: false },
      }),
    });
    setCurrentCommunityId("c_1");
    const { router } = await renderApp("/calendar");
    expect(await screen.findByText("No upcoming events")).toBeTruthy();
    await router.navigate(hitTarget(eventHit(found)));

    const article = (await screen.findByRole("heading", { level: 2, name: found.name })).closest("article")!;
    expect(article.getAttribute("aria-current")).toBe("true");
    const start = new Date(found.startTime);
    const month = `${start.getFullYear()}-${String(start.getMonth() + 1).padStart(2, "0")}`;
    await waitFor(() =>
      expect(
        calls.some((c) => c.path === "/api/communities/c_1/events" && new URLSearchParams(c.search).get("month") === month),
      ).toBe(true),
    );
    expect(screen.getByRole("button", { name: "Month", pressed: true })).toBeTruthy();
  });

  it("opens the calendar in All for an event whose start the result does not carry", async () => {
    const found = event({ id: "e_old", name: "Old meetup", startTime: Date.UTC(2024, 5, 1, 10) });
    mockFetch({
      "GET /api/me": { body: { user: anaUser } },
      "GET /api/me/communities": { body: { communities: [community()] } },
      "GET /api/communities/c_1/events": ({ url }) => ({
        body: { events: url.searchParams.get("filter") === "all" ? [found] : [], canManage: false, readOnly: false },
      }),
    });
    setCurrentCommunityId("c_1");
    const { router } = await renderApp("/");
    await router.navigate(hitTarget({ ...eventHit(found), startTime: null }));
    expect(await screen.findByRole("heading", { level: 2, name: "Old meetup" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "All", pressed: true })).toBeTruthy();
  });
});
