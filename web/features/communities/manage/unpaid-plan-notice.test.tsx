import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderInRouter } from "../../../test/render-in-router";
import { UnpaidPlanNotice } from "./unpaid-plan-notice";

describe("the owner's notice of a plan not paid", () => {
  it("names the plan, the one the community stays on, and leads to the plan's payment", async () => {
    await renderInRouter(
      <UnpaidPlanNotice
        community={{ id: "c_1", subscriptionPlan: "free" }}
        unpaidPlan={{ plan: "premium", unfinishedOrderId: null }}
      />,
      { namespaces: ["communities"] },
    );
    expect(await screen.findByText("Your Premium plan is not paid yet")).toBeTruthy();
    expect(screen.getByText(/Until it is paid, the community stays on the Free plan\./)).toBeTruthy();
    const link = screen.getByRole("link", { name: "Pay now" });
    expect(link.getAttribute("href")).toBe("/payment/input?communityId=c_1&plan=premium");
  });
});
