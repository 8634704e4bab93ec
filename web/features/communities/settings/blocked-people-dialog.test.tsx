import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureNamespace, initI18n } from "../../../lib/i18n";
import { createQueryClient } from "../../../lib/query-client";
import { mockFetch } from "../../../test/fetch-mock";
import { BlockedPeopleDialog } from "./blocked-people-dialog";

beforeAll(async () => {
  await initI18n("en");
  await ensureNamespace("communities");
});

const show = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <BlockedPeopleDialog open onOpenChange={() => {}} />
    </QueryClientProvider>,
  );

describe("blocked people", () => {
  it("lists the people one blocked and unblocks one", async () => {
    let blocked = [{ id: "u_g", fullName: "Giorgi Beridze", avatarUrl: null, blockedAt: 1 }];
    const { calls } = mockFetch({
      "GET /api/me/blocks": () => ({ body: { items: blocked } }),
      "DELETE /api/users/u_g/block": () => {
        blocked = [];
        return { body: { ok: true } };
      },
    });
    show();
    fireEvent.click(await screen.findByRole("button", { name: "Unblock Giorgi Beridze" }));
    await screen.findByText("You haven't blocked anyone.");
    expect(calls.some((c) => c.method === "DELETE" && c.path === "/api/users/u_g/block")).toBe(true);
  });

  it("says when the list cannot load, and tries again", async () => {
    let fail = true;
    mockFetch({
      "GET /api/me/blocks": () =>
        fail ? { status: 500, body: { error: { code: "INTERNAL", message: "x", requestId: "r" } } } : { body: { items: [] } },
    });
    show();
    await screen.findByText("Failed to load blocked users", undefined, { timeout: 5000 });
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try Again" }));
    await waitFor(() => expect(screen.getByText("You haven't blocked anyone.")).toBeTruthy());
  });
});
