import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterAll, describe, expect, it } from "vitest";
import type { Subscription } from "../../../common/contract/payments";
import { changeLanguage, type Language } from "../../lib/i18n";
import { getToasts } from "../../lib/toast";
import { mockFetch } from "../../test/fetch-mock";
import { renderInRouter } from "../../test/render-in-router";
import { MySubscriptionsPage } from "./my-subscriptions-page";

afterAll(async () => {
  await changeLanguage("en", { persist: false });
});

const DAY = 86_400_000;
const active: Subscription = {
  id: "s1",
  type: "community",
  status: "active",
  amount: 19,
  currency: "GEL",
  interval: "monthly",
  plan: null,
  currentPeriodStart: Date.now() - 10 * DAY,
  currentPeriodEnd: Date.now() + 20 * DAY,
  cancelledAt: null,
  createdAt: Date.now() - 40 * DAY,
  canResubscribe: false,
  community: { id: "c_1", name: "Supra Photography Club", imageUrl: null },
};

describe("the cancel-subscription dialog", () => {
  it.each<[Language, string, string, string]>([
    ["en", "Cancel Subscription", "Keep subscription", "Cancel"],
    ["ka", "გამოწერის გაუქმება", "გამოწერის შენარჩუნება", "გაუქმება"],
    ["ru", "Отменить подписку", "Оставить подписку", "Отмена"],
  ])("in %s, puts '%s' beside '%s', not a plain Cancel", async (language, cancelSubscription, keep, cancel) => {
    mockFetch({ "GET /api/payments/subscriptions": { body: { items: [active] } } });
    await renderInRouter(<MySubscriptionsPage />, { language, namespaces: ["payments"] });
    fireEvent.click(await screen.findByRole("button", { name: cancelSubscription }));
    const buttons = within(await screen.findByRole("dialog"))
      .getAllByRole("button")
      .map((b) => b.textContent);
    expect(buttons).toContain(keep);
    expect(buttons).toContain(cancelSubscription);
    expect(buttons).not.toContain(cancel);
  });

  it("closes on 'Keep subscription' without cancelling anything", async () => {
    const { calls } = mockFetch({ "GET /api/payments/subscriptions": { body: { items: [active] } } });
    await renderInRouter(<MySubscriptionsPage />, { namespaces: ["payments"] });
    fireEvent.click(await screen.findByRole("button", { name: "Cancel Subscription" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Keep subscription" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });
});

describe("resubscribing", () => {
  it("says why it was refused (no card saved to renew with), in the server's words", async () => {
    const cancelled: Subscription = { ...active, status: "cancelled", cancelledAt: Date.now(), canResubscribe: true };
    const message = "Save a card to renew this subscription: renewals are charged to it.";
    mockFetch({
      "GET /api/payments/subscriptions": { body: { items: [cancelled] } },
      "POST /api/payments/subscriptions/s1/resubscribe": {
        status: 409,
        body: { error: { code: "CONFLICT", message, requestId: "r" } },
      },
    });
    await renderInRouter(<MySubscriptionsPage />, { namespaces: ["payments"] });
    fireEvent.click(await screen.findByRole("button", { name: "Resubscribe" }));
    await waitFor(() => expect(getToasts()).toMatchObject([{ variant: "destructive", title: message }]));
  });
});
