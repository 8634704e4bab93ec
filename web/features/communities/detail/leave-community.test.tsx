import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { MyCommunity } from "../../../../common/contract/me";
import { getCurrentCommunityId, setCurrentCommunityId } from "../../../lib/current-community";
import { meKeys } from "../../../lib/session";
import { getToasts } from "../../../lib/toast";
import { community, mockFetch } from "../../../test/fetch-mock";
import { renderInRouter } from "../../../test/render-in-router";
import { LeaveCommunity } from "./leave-community";

const supra = { id: "c_1", name: "Supra Photography Club", isPaid: false, paymentType: null };

const show = (props: Partial<typeof supra> | { isPaid: true; paymentType: "subscription" | "single" } = {}) =>
  renderInRouter(<LeaveCommunity community={{ ...supra, ...props }} />, {
    namespaces: ["communities"],
    seed: (qc) => qc.setQueryData(meKeys.communities(), [community(), community({ id: "c_2", name: "Runners" })]),
  });

describe("leaving a community", () => {
  it("says what leaving ends, for a free, a subscribed and a paid-once membership", async () => {
    mockFetch({});
    const texts = [];
    for (const props of [{}, { isPaid: true, paymentType: "subscription" }, { isPaid: true, paymentType: "single" }] as const) {
      const { unmount } = await show(props);
      fireEvent.click(screen.getByRole("button", { name: "Leave community" }));
      texts.push(screen.getByRole("dialog", { name: "Leave Supra Photography Club?" }).querySelector("p")!.textContent);
      unmount();
    }
    expect(texts).toEqual([
      "Your access to its posts, classroom, events and group chats ends now.",
      "Your subscription stops renewing, and your access ends now rather than at the end of the period you paid for.",
      "Your access ends now. To come back, you would pay to join again.",
    ]);
  });

  it("leaves: the community is gone from the switcher and the current choice, and Explore opens", async () => {
    const { calls } = mockFetch({ "POST /api/communities/c_1/leave": { body: { ok: true } } });
    setCurrentCommunityId("c_1");
    const { router, queryClient } = await show();
    fireEvent.click(screen.getByRole("button", { name: "Leave community" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Leave" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/communities/explore"));
    expect(calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual(["/api/communities/c_1/leave"]);
    expect(queryClient.getQueryData<MyCommunity[]>(meKeys.communities())?.map((c) => c.id)).toEqual(["c_2"]);
    expect(getCurrentCommunityId()).toBeNull();
    expect(getToasts()).toMatchObject([{ variant: "success", title: "You left Supra Photography Club" }]);
  });

  it("shows the server's refusal in the dialog and stays", async () => {
    mockFetch({
      "POST /api/communities/c_1/leave": {
        status: 409,
        body: { error: { code: "CONFLICT", message: "The owner cannot leave their own community.", requestId: "r" } },
      },
    });
    const { router } = await show();
    fireEvent.click(screen.getByRole("button", { name: "Leave community" }));
    const dialog = screen.getByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Leave" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("The owner cannot leave their own community.");
    expect(router.state.location.pathname).toBe("/");
  });
});
