import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { NotificationItem } from "../../../common/contract/notifications";
import { anaUser, mockFetch } from "../../test/fetch-mock";
import { renderApp } from "../../test/render-app";

const invite: NotificationItem = {
  id: "n-invite",
  type: "COMMUNITY_INVITE",
  content: "",
  isRead: false,
  createdAt: Date.now() - 60_000,
  sender: { id: "u-g", fullName: "Giorgi Maisuradze", avatarUrl: null },
  community: { id: "c_9", name: "Tbilisi Runners" },
  postId: null,
  commentId: null,
  eventId: null,
  courseId: null,
  conversationId: null,
  data: null,
};

const world = {
  "GET /api/me": { body: { user: anaUser } },
  "GET /api/me/communities": { body: { communities: [] } },
  "GET /api/notifications": { body: { items: [invite], nextCursor: null } },
  "GET /api/notifications/unread-count": { body: { count: 1 } },
  "POST /api/notifications/n-invite/read": { body: { ok: true } },
};

async function openBell() {
  await renderApp("/profile");
  fireEvent.click(await screen.findByRole("button", { name: "Notifications, 1 unread" }));
  const menu = await screen.findByRole("menu", { name: "Notifications" });
  await within(menu).findByText("Giorgi Maisuradze invited you to Tbilisi Runners");
  return menu;
}

describe("the notifications dropdown", () => {
  it("answers an invitation in place: Decline declines and says so, keeping the menu open", async () => {
    const { calls } = mockFetch({ ...world, "POST /api/communities/c_9/invitation/decline": { body: { ok: true } } });
    const menu = await openBell();
    const group = within(menu).getByRole("group", { name: "Invitation to Tbilisi Runners" });
    expect(within(group).getByRole("menuitem", { name: "Accept" })).toBeTruthy();
    fireEvent.click(within(group).getByRole("menuitem", { name: "Decline" }));
    const outcome = await within(menu).findByRole("menuitem", { name: "Invitation declined" });
    // The answered buttons are gone; the focus stays in the menu, on what happened.
    expect(document.activeElement).toBe(outcome);
    expect(calls.some((c) => c.method === "POST" && c.path === "/api/communities/c_9/invitation/decline")).toBe(true);
    await waitFor(() =>
      expect(calls.some((c) => c.method === "POST" && c.path === "/api/notifications/n-invite/read")).toBe(true),
    );
    expect(within(menu).queryByRole("menuitem", { name: "Accept" })).toBeNull();
  });

  it("reaches Accept and Decline with the arrow keys, and Accept joins and opens the feed", async () => {
    const { calls } = mockFetch({
      ...world,
      "POST /api/communities/c_9/invitation/accept": { body: { result: "joined" } },
    });
    const menu = await openBell();
    const row = within(menu).getByText("Giorgi Maisuradze invited you to Tbilisi Runners").closest("a")!;
    row.focus();
    fireEvent.keyDown(row, { key: "ArrowDown" });
    const accept = within(menu).getByRole("menuitem", { name: "Accept" });
    expect(document.activeElement).toBe(accept);
    fireEvent.keyDown(accept, { key: "ArrowDown" });
    expect(document.activeElement).toBe(within(menu).getByRole("menuitem", { name: "Decline" }));
    fireEvent.click(accept);
    await waitFor(() =>
      expect(calls.some((c) => c.method === "POST" && c.path === "/api/communities/c_9/invitation/accept")).toBe(true),
    );
    // Joining opens the community's feed and closes the menu.
    await waitFor(() => expect(screen.queryByRole("menu", { name: "Notifications" })).toBeNull());
    expect(localStorage.getItem("currentCommunityId")).toBe("c_9");
  });
});
