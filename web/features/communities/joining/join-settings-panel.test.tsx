import type { QueryClient } from "@tanstack/react-query";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { CommunityView } from "../../../../common/contract/communities";
import { communityKeys } from "../../../lib/community-keys";
import { getToasts } from "../../../lib/toast";
import { mockFetch } from "../../../test/fetch-mock";
import { renderInRouter } from "../../../test/render-in-router";
import { JoinSettingsPanel, type JoinSettingsCommunity } from "./join-settings-panel";

const publicClub: JoinSettingsCommunity = { id: "c_1", visibility: "public", hiddenFromExplore: false, membershipQuestions: [] };
const privateClub: JoinSettingsCommunity = {
  id: "c_1",
  visibility: "private",
  hiddenFromExplore: true,
  membershipQuestions: ["Why do you want to join?", "Which camera do you use?"],
};

const echo = ({ body }: { body: unknown }) => ({ body });

const panel = (community: JoinSettingsCommunity, seed?: (qc: QueryClient) => void) =>
  renderInRouter(<JoinSettingsPanel community={community} />, { namespaces: ["communities"], seed });

const patches = (calls: { method: string; path: string; body: unknown }[]) => calls.filter((c) => c.method === "PATCH");

describe("the join settings", () => {
  it("makes a public community private, hidden, with a question; saves, says so and updates the page's copy", async () => {
    const { calls } = mockFetch({ "PATCH /api/communities/c_1/join-settings": echo });
    const view = {
      community: { name: "Supra Photography Club", ...publicClub },
      viewer: {},
    } as unknown as CommunityView;
    const { queryClient } = await panel(publicClub, (qc) => qc.setQueryData(communityKeys.detail("c_1"), view));

    const group = await screen.findByRole("group", { name: "Joining" });
    const publicRadio = within(group).getByRole("radio", { name: "Public", description: "Anyone can join at once" });
    expect((publicRadio as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole("checkbox")).toBeNull();

    fireEvent.click(
      within(group).getByRole("radio", { name: "Private", description: "People ask to join and you approve them" }),
    );
    fireEvent.click(screen.getByRole("checkbox", { name: "Hide from Explore (people join by its link)" }));
    fireEvent.click(screen.getByRole("button", { name: "Add a question" }));
    const first = screen.getByRole("textbox", { name: "Question 1" });
    await waitFor(() => expect(document.activeElement).toBe(first));
    fireEvent.change(first, { target: { value: "  Why do you want to join?  " } });
    expect(screen.getByText("1 of 3")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(getToasts()).toMatchObject([{ variant: "success", title: "Join settings saved" }]));
    expect(patches(calls)).toMatchObject([
      {
        path: "/api/communities/c_1/join-settings",
        body: { visibility: "private", hiddenFromExplore: true, membershipQuestions: ["Why do you want to join?"] },
      },
    ]);
    expect(queryClient.getQueryData<CommunityView>(communityKeys.detail("c_1"))?.community).toMatchObject({
      name: "Supra Photography Club",
      visibility: "private",
      hiddenFromExplore: true,
      membershipQuestions: ["Why do you want to join?"],
    });
  });

  it("holds at most three questions, and removing one keeps focus in the list", async () => {
    mockFetch({});
    await panel(privateClub);
    const add = await screen.findByRole("button", { name: "Add a question" });
    fireEvent.click(add);
    expect(screen.getByText("3 of 3")).toBeTruthy();
    expect((add as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "Remove question 1" }));
    const [second] = screen.getAllByRole("textbox");
    expect((second as HTMLInputElement).value).toBe("Which camera do you use?");
    expect(screen.getByRole("textbox", { name: "Question 1" })).toBe(second);
    await waitFor(() => expect(document.activeElement).toBe(second));
    expect((add as HTMLButtonElement).disabled).toBe(false);
  });

  it("refuses an empty question on the question itself, and sends nothing", async () => {
    const { calls } = mockFetch({});
    await panel(privateClub);
    const second = await screen.findByRole("textbox", { name: "Question 2" });
    fireEvent.change(second, { target: { value: "   " } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(second.getAttribute("aria-invalid")).toBe("true");
    const errorId = second.getAttribute("aria-describedby")!.split(" ").at(-1)!;
    expect(document.getElementById(errorId)?.textContent).toBe("Write the question or remove it");
    await waitFor(() => expect(document.activeElement).toBe(second));
    expect(patches(calls)).toEqual([]);
    fireEvent.change(second, { target: { value: "Which lens?" } });
    expect(second.getAttribute("aria-invalid")).toBeNull();
  });

  it("puts the server's issues on the question they are about", async () => {
    mockFetch({
      "PATCH /api/communities/c_1/join-settings": {
        status: 422,
        body: {
          error: {
            code: "VALIDATION_FAILED",
            message: "Invalid request",
            requestId: "r",
            issues: [{ path: ["membershipQuestions", 1], message: "Question contains characters that are not allowed" }],
          },
        },
      },
    });
    await panel(privateClub);
    fireEvent.click(await screen.findByRole("button", { name: "Save" }));
    const second = screen.getByRole("textbox", { name: "Question 2" });
    await waitFor(() => expect(second.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("Question contains characters that are not allowed")).toBeTruthy();
    // Said once, beside the question: no toast repeats it.
    expect(getToasts()).toEqual([]);
  });

  it("shows the server's refusal in a toast", async () => {
    mockFetch({
      "PATCH /api/communities/c_1/join-settings": {
        status: 403,
        body: { error: { code: "FORBIDDEN", message: "Only the owner and admins can change who may join.", requestId: "r" } },
      },
    });
    await panel(privateClub);
    fireEvent.click(await screen.findByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(getToasts()).toMatchObject([
        {
          variant: "destructive",
          title: "Could not save the join settings",
          description: "Only the owner and admins can change who may join.",
        },
      ]),
    );
  });

  it("making a private community public lists it and drops its questions", async () => {
    const { calls } = mockFetch({ "PATCH /api/communities/c_1/join-settings": echo });
    await panel(privateClub);
    fireEvent.click(await screen.findByRole("radio", { name: "Public" }));
    expect(screen.getByText("A public community asks no questions: saving removes them.")).toBeTruthy();
    expect(screen.queryByRole("textbox")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(patches(calls)).toMatchObject([
        { body: { visibility: "public", hiddenFromExplore: false, membershipQuestions: [] } },
      ]),
    );
    await waitFor(() => expect(screen.queryByText("A public community asks no questions: saving removes them.")).toBeNull());
  });

  it("speaks Russian", async () => {
    mockFetch({});
    await renderInRouter(<JoinSettingsPanel community={privateClub} />, { language: "ru", namespaces: ["communities"] });
    expect(await screen.findByRole("radio", { name: "Закрытое" })).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Вопрос 1" })).toBeTruthy();
  });
});
