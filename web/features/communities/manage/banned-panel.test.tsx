import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { CommunityBan } from "../../../../common/contract/members";
import { getToasts } from "../../../lib/toast";
import { mockFetch } from "../../../test/fetch-mock";
import { renderInRouter } from "../../../test/render-in-router";
import { BannedPanel } from "./banned-panel";

const bannedAt = Date.UTC(2026, 2, 14, 12);
const nino: CommunityBan = {
  userId: "u_nino",
  fullName: "Nino Beridze",
  avatarUrl: null,
  reason: "Spam in every topic",
  bannedAt,
  bannedBy: { id: "u_ana", fullName: "Ana Kapanadze" },
};
const luka: CommunityBan = { ...nino, userId: "u_luka", fullName: "Luka Jishkariani", reason: null, bannedBy: null };

const panel = () =>
  renderInRouter(<BannedPanel community={{ id: "c_1", name: "Supra Photography Club" }} />, { namespaces: ["communities"] });

describe("the banned list", () => {
  it("says who was banned, when, by whom and why", async () => {
    mockFetch({ "GET /api/communities/c_1/bans": { body: { items: [nino, luka] } } });
    await panel();
    const row = (await screen.findByRole("link", { name: "Nino Beridze" })).closest("li")!;
    expect(within(row).getByText("Banned March 14, 2026 by Ana Kapanadze")).toBeTruthy();
    expect(within(row).getByText("Reason: Spam in every topic")).toBeTruthy();
    const other = screen.getByRole("link", { name: "Luka Jishkariani" }).closest("li")!;
    expect(within(other).getByText("Banned March 14, 2026")).toBeTruthy();
    expect(within(other).getByText("No reason given")).toBeTruthy();
  });

  it("says when nobody is banned", async () => {
    mockFetch({ "GET /api/communities/c_1/bans": { body: { items: [] } } });
    await panel();
    expect(await screen.findByText("Nobody is banned from this community.")).toBeTruthy();
  });

  it("lifts a ban after asking: the row goes, a toast says they can join again, focus stays in the panel", async () => {
    let items = [nino, luka];
    const { calls } = mockFetch({
      "GET /api/communities/c_1/bans": () => ({ body: { items } }),
      "DELETE /api/communities/c_1/bans/u_nino": () => {
        items = [luka];
        return { body: { ok: true } };
      },
    });
    await panel();
    fireEvent.click(await screen.findByRole("button", { name: "Unban Nino Beridze" }));
    const dialog = screen.getByRole("dialog", { name: "Unban Nino Beridze?" });
    expect(within(dialog).getByText("Nino Beridze will be able to join Supra Photography Club again.")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Unban" }));
    await waitFor(() => expect(screen.queryByRole("link", { name: "Nino Beridze" })).toBeNull());
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual(["/api/communities/c_1/bans/u_nino"]);
    expect(getToasts()).toMatchObject([{ variant: "success", title: "Nino Beridze can join Supra Photography Club again" }]);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("region", { name: "Banned people" })));
  });

  it("shows the server's refusal in the dialog", async () => {
    mockFetch({
      "GET /api/communities/c_1/bans": { body: { items: [nino] } },
      "DELETE /api/communities/c_1/bans/u_nino": {
        status: 404,
        body: { error: { code: "NOT_FOUND", message: "This person is not banned.", requestId: "r" } },
      },
    });
    await panel();
    fireEvent.click(await screen.findByRole("button", { name: "Unban Nino Beridze" }));
    const dialog = screen.getByRole("dialog", { name: "Unban Nino Beridze?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Unban" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("This person is not banned.");
  });
});
