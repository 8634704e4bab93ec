import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { MyCommunity } from "../../../common/contract/me";
import type { CommunityMember } from "../../../common/contract/members";
import { getToasts } from "../../lib/toast";
import { FakeWebSocket } from "../../test/fake-websocket";
import { anaUser, community, mockFetch } from "../../test/fetch-mock";
import { renderInRouter } from "../../test/render-in-router";
import { mayRemove, type CommunityRank } from "./member-permissions";
import MembersPage from "./members-page";

const person = (id: string, fullName: string, role: CommunityMember["role"], isOwner = false): CommunityMember => ({
  id,
  fullName,
  avatarUrl: null,
  profession: null,
  role,
  isOwner,
  joinedAt: Date.UTC(2026, 0, 5),
  points: 0,
  level: 1,
  online: false,
});

const ana = person(anaUser.id, "Ana Kapanadze", "admin", true);
const giorgi = person("u_giorgi", "Giorgi Maisuradze", "moderator");
const nino = person("u_nino", "Nino Beridze", "member");
const levelNames = Array.from({ length: 9 }, () => null);

beforeEach(() => {
  // The members page opens the community's room for its online dots.
  vi.stubGlobal("WebSocket", FakeWebSocket);
});

/** The members page of Supra Photography Club as `viewer` sees it, on a fake server holding `people`. */
async function membersPage(
  viewer: Partial<MyCommunity>,
  people: CommunityMember[],
  routes: Parameters<typeof mockFetch>[0] = {},
) {
  let items = people;
  // Taken out, a member is gone from the list the page reads again.
  const takeOut = Object.fromEntries(
    people.flatMap((m) =>
      ["remove", "ban"].map((action) => [
        `POST /api/communities/c_1/members/${m.id}/${action}`,
        () => {
          items = items.filter((other) => other.id !== m.id);
          return { body: { ok: true } };
        },
      ]),
    ),
  );
  const server = mockFetch({
    "GET /api/communities/c_1/members": () => ({ body: { items, nextCursor: null, levelNames } }),
    ...takeOut,
    ...routes,
  });
  const view = await renderInRouter(<MembersPage community={community(viewer) as MyCommunity} />, { namespaces: ["members"] });
  await screen.findByRole("heading", { name: /Nino Beridze/ });
  return { ...view, ...server };
}

const list = () => screen.getByRole("list", { name: "Members of Supra Photography Club" });
const cardHeading = (name: string) => within(list()).queryByRole("heading", { name: new RegExp(name) });
const menuOf = (name: string) =>
  within(cardHeading(name)!.closest("li")!).queryByRole("button", { name: `More actions for ${name}` });

describe("who may take whom out", () => {
  const table: [CommunityRank, CommunityRank, boolean][] = [
    ["owner", "admin", true],
    ["owner", "member", true],
    ["admin", "admin", false],
    ["admin", "moderator", true],
    ["admin", "member", true],
    ["moderator", "moderator", false],
    ["moderator", "member", true],
    ["member", "member", false],
    ["admin", "owner", false],
  ];
  it.each(table)("%s may take out a %s: %s", (actor, target, allowed) => {
    expect(mayRemove(actor, target, false)).toBe(allowed);
  });

  it("nobody takes out themselves, the owner included", () => {
    expect(mayRemove("owner", "owner", true)).toBe(false);
    expect(mayRemove("owner", "member", true)).toBe(false);
  });

  it("the owner's page offers the menu on everyone else's card", async () => {
    await membersPage({ role: "admin", isCreator: true, canManage: true }, [ana, giorgi, nino]);
    expect(menuOf("Ana Kapanadze")).toBeNull();
    expect(menuOf("Giorgi Maisuradze")).not.toBeNull();
    expect(menuOf("Nino Beridze")).not.toBeNull();
  });

  it("a moderator gets the menu on a member's card only", async () => {
    await membersPage({ role: "moderator" }, [ana, giorgi, nino]);
    expect(menuOf("Ana Kapanadze")).toBeNull();
    expect(menuOf("Giorgi Maisuradze")).toBeNull();
    expect(menuOf("Nino Beridze")).not.toBeNull();
  });

  it("a member gets no menu at all", async () => {
    await membersPage({ role: "member" }, [ana, giorgi, nino]);
    expect(screen.queryAllByRole("button", { name: /^More actions/ })).toEqual([]);
  });
});

describe("removing and banning from the members page", () => {
  const owner = { role: "admin", isCreator: true, canManage: true } as const;

  it("bans with a reason and the posts deleted: the card goes, a toast says so, focus goes to the list", async () => {
    const { calls } = await membersPage(owner, [ana, giorgi, nino]);
    fireEvent.click(menuOf("Nino Beridze")!);
    fireEvent.click(screen.getByRole("menuitem", { name: "Ban" }));
    const dialog = screen.getByRole("dialog", { name: "Ban Nino Beridze?" });
    expect(
      within(dialog).getByText(
        "Nino Beridze loses access to Supra Photography Club now. They cannot join again until you lift the ban.",
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole("radio", { name: "Keep their posts and comments" })).toHaveProperty("checked", true);
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Reason (optional)" }), { target: { value: " Spam " } });
    expect(within(dialog).getByText("6/500")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("radio", { name: "Delete their posts and comments" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Ban" }));

    await waitFor(() => expect(cardHeading("Nino Beridze")).toBeNull());
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(calls.find((c) => c.method === "POST")).toMatchObject({
      path: "/api/communities/c_1/members/u_nino/ban",
      body: { reason: "Spam", content: "delete" },
    });
    expect(getToasts()).toMatchObject([{ variant: "success", title: "Nino Beridze was banned from Supra Photography Club" }]);
    await waitFor(() => expect(document.activeElement).toBe(list()));
  });

  it("removes without a reason: the consequence says they can come back, and no reason is sent", async () => {
    const { calls } = await membersPage(owner, [ana, giorgi, nino]);
    fireEvent.click(menuOf("Giorgi Maisuradze")!);
    fireEvent.click(screen.getByRole("menuitem", { name: "Remove from community" }));
    const dialog = screen.getByRole("dialog", { name: "Remove Giorgi Maisuradze?" });
    expect(within(dialog).getByText(/They can join again\.$/)).toBeTruthy();
    expect(within(dialog).queryByRole("radio")).toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(cardHeading("Giorgi Maisuradze")).toBeNull());
    expect(calls.find((c) => c.method === "POST")).toMatchObject({
      path: "/api/communities/c_1/members/u_giorgi/remove",
      body: {},
    });
  });

  it("shows the server's refusal in the dialog and keeps the member", async () => {
    await membersPage({ role: "moderator" }, [ana, giorgi, nino], {
      "POST /api/communities/c_1/members/u_nino/ban": {
        status: 403,
        body: { error: { code: "FORBIDDEN", message: "You cannot ban this member.", requestId: "r" } },
      },
    });
    fireEvent.click(menuOf("Nino Beridze")!);
    fireEvent.click(screen.getByRole("menuitem", { name: "Ban" }));
    const dialog = screen.getByRole("dialog", { name: "Ban Nino Beridze?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Ban" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("You cannot ban this member.");
    expect(cardHeading("Nino Beridze")).not.toBeNull();

    // Cancelled, it opens fresh the next time.
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(menuOf("Nino Beridze")!);
    fireEvent.click(screen.getByRole("menuitem", { name: "Ban" }));
    expect(within(screen.getByRole("dialog")).queryByRole("alert")).toBeNull();
  });
});
