import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { MembershipRequest } from "../../../../common/contract/membership-requests";
import { getToasts } from "../../../lib/toast";
import { mockFetch } from "../../../test/fetch-mock";
import { renderInRouter } from "../../../test/render-in-router";
import { RequestsQueue } from "./requests-queue";

const HOUR = 3_600_000;
// Relative to now and hours apart, so the wording does not depend on how long the test takes.
const nino = (): MembershipRequest => ({
  id: "r_nino",
  user: { id: "u_nino", fullName: "Nino Beridze", avatarUrl: null },
  questions: ["Why do you want to join?", "Which camera do you use?"],
  answers: ["I shoot street photos\nin Tbilisi", "A Fujifilm X100"],
  status: "pending",
  createdAt: Date.now() - 3 * HOUR,
});
const luka = (): MembershipRequest => ({
  ...nino(),
  id: "r_luka",
  user: { id: "u_luka", fullName: "Luka Jishkariani", avatarUrl: null },
  answers: ["Landscapes", "My phone"],
  createdAt: Date.now() - 2 * HOUR,
});

const queue = () => renderInRouter(<RequestsQueue communityId="c_1" />, { namespaces: ["communities"] });
const rowOf = async (name: string) => (await screen.findByRole("link", { name })).closest("li")!;

describe("the requests to join", () => {
  it("lists who is waiting, oldest first, with when they asked and each answer under its question", async () => {
    mockFetch({ "GET /api/communities/c_1/requests": { body: { items: [nino(), luka()] } } });
    await queue();
    const row = await rowOf("Nino Beridze");
    expect(within(row).getByRole("link", { name: "Nino Beridze" }).getAttribute("href")).toBe("/profile/u_nino");
    expect(within(row).getByText("Asked 3h ago")).toBeTruthy();
    const terms = within(row)
      .getAllByRole("term")
      .map((e) => e.textContent);
    const answers = within(row)
      .getAllByRole("definition")
      .map((e) => e.textContent);
    expect(terms).toEqual(["Why do you want to join?", "Which camera do you use?"]);
    expect(answers).toEqual(["I shoot street photos\nin Tbilisi", "A Fujifilm X100"]);
    const names = screen.getAllByRole("listitem").map((li) => within(li).getAllByRole("link")[0]!.textContent);
    expect(names).toEqual(["Nino Beridze", "Luka Jishkariani"]);
    expect(screen.getByRole("heading", { name: /Requests to join/ }).textContent).toContain("2 waiting");
  });

  it("says so when no one is waiting", async () => {
    mockFetch({ "GET /api/communities/c_1/requests": { body: { items: [] } } });
    await queue();
    expect(await screen.findByText("No one is waiting")).toBeTruthy();
  });

  it("shows a load failure with a way to try again", async () => {
    mockFetch({
      "GET /api/communities/c_1/requests": {
        status: 403,
        body: { error: { code: "FORBIDDEN", message: "Only the community's moderators can answer requests.", requestId: "r" } },
      },
    });
    await queue();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Only the community's moderators can answer requests.");
    expect(within(alert).getByRole("button", { name: "Try Again" })).toBeTruthy();
  });

  it("approves: the person leaves the list, a toast says so, focus stays in the queue", async () => {
    let items = [nino(), luka()];
    const { calls } = mockFetch({
      "GET /api/communities/c_1/requests": () => ({ body: { items } }),
      "POST /api/communities/c_1/requests/r_nino/approve": () => {
        items = items.filter((r) => r.id !== "r_nino");
        return { body: { ok: true } };
      },
    });
    await queue();
    fireEvent.click(await screen.findByRole("button", { name: "Approve Nino Beridze" }));
    await waitFor(() => expect(screen.queryByRole("link", { name: "Nino Beridze" })).toBeNull());
    expect(calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual(["/api/communities/c_1/requests/r_nino/approve"]);
    expect(getToasts()).toMatchObject([{ variant: "success", title: "You approved Nino Beridze's request" }]);
    expect(screen.getByRole("link", { name: "Luka Jishkariani" })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("region", { name: /Requests to join/ })));
  });

  it("shows the server's word when the plan's member limit is reached, and keeps the request", async () => {
    const limit = "This community has reached its member limit, or the request was answered meanwhile.";
    mockFetch({
      "GET /api/communities/c_1/requests": { body: { items: [nino()] } },
      "POST /api/communities/c_1/requests/r_nino/approve": {
        status: 409,
        body: { error: { code: "CONFLICT", message: limit, requestId: "r" } },
      },
    });
    await queue();
    fireEvent.click(await screen.findByRole("button", { name: "Approve Nino Beridze" }));
    const row = await rowOf("Nino Beridze");
    expect((await within(row).findByRole("alert")).textContent).toBe(limit);
    expect(within(row).getByRole("button", { name: "Approve Nino Beridze" })).toBeTruthy();
  });

  it("declines with an optional reason in a dialog", async () => {
    let items = [nino()];
    const { calls } = mockFetch({
      "GET /api/communities/c_1/requests": () => ({ body: { items } }),
      "POST /api/communities/c_1/requests/r_nino/decline": () => {
        items = [];
        return { body: { ok: true } };
      },
    });
    await queue();
    fireEvent.click(await screen.findByRole("button", { name: "Decline Nino Beridze" }));
    const dialog = screen.getByRole("dialog", { name: "Decline Nino Beridze's request?" });
    const reason = within(dialog).getByRole("textbox", { name: "Reason (optional)" });
    await waitFor(() => expect(document.activeElement).toBe(reason));
    fireEvent.change(reason, { target: { value: "  We only take members from Tbilisi.  " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Decline" }));
    expect(await screen.findByText("No one is waiting")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toMatchObject([
      { path: "/api/communities/c_1/requests/r_nino/decline", body: { reason: "We only take members from Tbilisi." } },
    ]);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(getToasts()).toMatchObject([{ variant: "success", title: "You declined Nino Beridze's request" }]);
  });

  it("declines without a reason, and cancelling sends nothing", async () => {
    const { calls } = mockFetch({
      "GET /api/communities/c_1/requests": { body: { items: [nino()] } },
      "POST /api/communities/c_1/requests/r_nino/decline": { body: { ok: true } },
    });
    await queue();
    const open = await screen.findByRole("button", { name: "Decline Nino Beridze" });
    fireEvent.click(open);
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);

    fireEvent.click(open);
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Decline" }));
    await waitFor(() => expect(calls.filter((c) => c.method === "POST")).toMatchObject([{ body: {} }]));
  });

  it("shows the server's refusal in the decline dialog", async () => {
    mockFetch({
      "GET /api/communities/c_1/requests": { body: { items: [nino()] } },
      "POST /api/communities/c_1/requests/r_nino/decline": {
        status: 409,
        body: { error: { code: "CONFLICT", message: "This request was already answered.", requestId: "r" } },
      },
    });
    await queue();
    fireEvent.click(await screen.findByRole("button", { name: "Decline Nino Beridze" }));
    const dialog = screen.getByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Decline" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("This request was already answered.");
  });
});
