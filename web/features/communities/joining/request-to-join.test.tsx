import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import type { RequestToJoinProps } from "./request-to-join";
import { i18n } from "../../../lib/i18n";
import { meKeys } from "../../../lib/session";
import { mockFetch } from "../../../test/fetch-mock";
import { renderInRouter } from "../../../test/render-in-router";
import { RequestToJoin } from "./request-to-join";

const club: RequestToJoinProps["community"] = {
  id: "c_1",
  name: "Supra Photography Club",
  membershipQuestions: ["Why do you want to join?", "Which camera do you use?"],
};
const mayAsk: RequestToJoinProps["viewer"] = { isMember: false, isBanned: false, canRequest: true, request: null };

const card = (
  viewer: Partial<RequestToJoinProps["viewer"]> = {},
  options: { community?: Partial<RequestToJoinProps["community"]>; children?: ReactNode; signedOut?: boolean } = {},
) =>
  renderInRouter(
    <RequestToJoin community={{ ...club, ...options.community }} viewer={{ ...mayAsk, ...viewer }}>
      {options.children}
    </RequestToJoin>,
    {
      namespaces: ["communities"],
      seed: options.signedOut ? (qc) => qc.setQueryData(meKeys.session(), null) : undefined,
    },
  );

const openDialog = async () => {
  fireEvent.click(await screen.findByRole("button", { name: "Ask to join" }));
  return screen.getByRole("dialog", { name: "Ask to join Supra Photography Club" });
};

describe("asking to join a private community", () => {
  // First in the file: no test before it has loaded the texts.
  it("brings its own texts when the page has not loaded them", async () => {
    mockFetch({});
    expect(i18n.isInitialized && i18n.hasResourceBundle("en", "communities")).toBeFalsy();
    // The card asks for its texts as it renders and shows itself when they come (act waits for them).
    await act(async () => {
      await renderInRouter(<RequestToJoin community={club} viewer={mayAsk} />);
    });
    expect(await screen.findByRole("button", { name: "Ask to join" })).toBeTruthy();
  });

  it("asks each question in a labelled, required field and sends the answers", async () => {
    const { calls } = mockFetch({ "POST /api/communities/c_1/requests": { status: 201, body: { ok: true } } });
    await card();
    expect(screen.getByText("This community is private: ask to join and its moderators will answer you.")).toBeTruthy();
    const dialog = await openDialog();
    const why = within(dialog).getByRole("textbox", { name: "Why do you want to join?" });
    const camera = within(dialog).getByRole("textbox", { name: "Which camera do you use?" });
    expect(why.hasAttribute("required")).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(why));

    fireEvent.change(why, { target: { value: "  I shoot street photos in Tbilisi  " } });
    fireEvent.change(camera, { target: { value: "A Fujifilm X100" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send" }));

    const sent = await screen.findByText("Request sent: the moderators will answer you.");
    expect(calls.filter((c) => c.method === "POST")).toMatchObject([
      { path: "/api/communities/c_1/requests", body: { answers: ["I shoot street photos in Tbilisi", "A Fujifilm X100"] } },
    ]);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByRole("button", { name: "Ask to join" })).toBeNull();
    // The button that had focus is gone: the card takes it and reads its new state.
    await waitFor(() => expect(sent.closest("[tabindex='-1']")?.contains(document.activeElement)).toBe(true));
  });

  it("does not send until every question is answered, and says which", async () => {
    const { calls } = mockFetch({});
    await card();
    const dialog = await openDialog();
    const camera = within(dialog).getByRole("textbox", { name: "Which camera do you use?" });
    fireEvent.change(camera, { target: { value: "   " } });
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Why do you want to join?" }), {
      target: { value: "Street photos" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send" }));
    expect(camera.getAttribute("aria-invalid")).toBe("true");
    const errorId = camera.getAttribute("aria-describedby")!.split(" ").at(-1)!;
    expect(document.getElementById(errorId)?.textContent).toBe("Answer this question");
    await waitFor(() => expect(document.activeElement).toBe(camera));
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it("puts the server's answer issues on their fields", async () => {
    mockFetch({
      "POST /api/communities/c_1/requests": {
        status: 422,
        body: {
          error: {
            code: "VALIDATION_FAILED",
            message: "Answer every question.",
            requestId: "r",
            issues: [{ path: ["answers", 1], message: "Answer every question" }],
          },
        },
      },
    });
    await card();
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Why do you want to join?" }), { target: { value: "Photos" } });
    const camera = within(dialog).getByRole("textbox", { name: "Which camera do you use?" });
    fireEvent.change(camera, { target: { value: "Leica" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send" }));
    await waitFor(() => expect(camera.getAttribute("aria-invalid")).toBe("true"));
    expect(within(dialog).getByText("Answer every question")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(camera));
  });

  it("shows the server's refusal in the dialog", async () => {
    mockFetch({
      "POST /api/communities/c_1/requests": {
        status: 409,
        body: { error: { code: "CONFLICT", message: "You already asked to join this community.", requestId: "r" } },
      },
    });
    await card({}, { community: { membershipQuestions: [] } });
    const dialog = await openDialog();
    expect(within(dialog).getByText("The moderators will see your request and answer you.")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Send" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("You already asked to join this community.");
  });

  it("says the request is waiting when one is pending", async () => {
    mockFetch({});
    await card({ canRequest: false, request: { status: "pending", reason: null } });
    expect(await screen.findByText("Request sent: the moderators will answer you.")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("shows a declined request's reason and lets the person ask again", async () => {
    mockFetch({});
    await card({ request: { status: "declined", reason: "We only take members from Tbilisi." } });
    expect(await screen.findByText("Your request was declined")).toBeTruthy();
    expect(screen.getByText("Reason: We only take members from Tbilisi.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Ask again" }));
    expect(screen.getByRole("dialog", { name: "Ask to join Supra Photography Club" })).toBeTruthy();
  });

  it("says an approved request was approved and shows what the page passes (the payment)", async () => {
    mockFetch({});
    await card(
      { canRequest: false, request: { status: "approved", reason: null } },
      { children: <button type="button">Join for ₾20.00</button> },
    );
    expect(await screen.findByText("Your request was approved")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Join for ₾20.00" })).toBeTruthy();
  });

  it("tells a banned person there is no way in, with no button", async () => {
    mockFetch({});
    await card({ isBanned: true, canRequest: false, request: { status: "declined", reason: "Spam" } });
    expect(await screen.findByText("You cannot join this community.")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.queryByText("Reason: Spam")).toBeNull();
  });

  it("asks a visitor to sign in first", async () => {
    mockFetch({ "GET /api/me": { status: 401, body: { error: { code: "UNAUTHENTICATED", message: "x", requestId: "r" } } } });
    await card({ canRequest: false }, { signedOut: true });
    expect((await screen.findByRole("link", { name: "Sign in to ask to join" })).getAttribute("href")).toContain("/auth/login");
  });

  it("says nothing for a member", async () => {
    mockFetch({});
    const { container } = await card({ isMember: true, canRequest: false });
    await waitFor(() => expect(container.textContent).toBe(""));
  });

  it("speaks Georgian", async () => {
    mockFetch({});
    await renderInRouter(<RequestToJoin community={club} viewer={mayAsk} />, { language: "ka", namespaces: ["communities"] });
    expect(await screen.findByRole("button", { name: "გაწევრიანების თხოვნა" })).toBeTruthy();
  });
});
