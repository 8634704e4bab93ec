import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { CommunityCard as Card } from "../../../../common/contract/communities";
import { mockFetch } from "../../../test/fetch-mock";
import { renderInRouter } from "../../../test/render-in-router";
import { CommunityCard } from "./community-card";

const card = (overrides: Partial<Card> = {}): Card => ({
  id: "c_1",
  name: "Supra Photography Club",
  description: "Street and portrait photography in Tbilisi.",
  imageUrl: null,
  categoryKey: "arts",
  membersCount: 42,
  isPaid: false,
  price: 0,
  currency: "GEL",
  paymentType: null,
  subscriptionInterval: null,
  isMember: false,
  isPrivate: false,
  ...overrides,
});

const show = (community: Card, language: "en" | "ka" = "en") =>
  renderInRouter(<CommunityCard community={community} showCategory />, { language, namespaces: ["communities"] });

describe("an explore card", () => {
  it("marks a private community", async () => {
    mockFetch({});
    await show(card({ isPrivate: true }));
    const article = screen.getByRole("article", { name: "Supra Photography Club" });
    expect(within(article).getByText("Private")).toBeTruthy();
  });

  it("does not mark a public one", async () => {
    mockFetch({});
    await show(card());
    expect(screen.getByRole("article", { name: "Supra Photography Club" })).toBeTruthy();
    expect(screen.queryByText("Private")).toBeNull();
  });

  it("marks it in Georgian too", async () => {
    mockFetch({});
    await show(card({ isPrivate: true }), "ka");
    expect(screen.getByText("დახურული")).toBeTruthy();
  });
});
