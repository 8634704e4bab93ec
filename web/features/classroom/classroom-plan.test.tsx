import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ClassroomPage as ClassroomPageData } from "../../../common/contract/classroom";
import { setCurrentCommunityId } from "../../lib/current-community";
import { community, mockFetch } from "../../test/fetch-mock";
import { renderInRouter } from "../../test/render-in-router";
import { ClassroomPage } from "./classroom-page";

afterEach(() => cleanup());

/** The classroom of a community its owner runs, on a plan with courses or without (Free). */
async function renderClassroom(coursesIncluded: boolean) {
  const page: ClassroomPageData = { courses: [], viewerLevel: 0, canManage: true, readOnly: false, coursesIncluded };
  mockFetch({
    "GET /api/me/communities": {
      body: { communities: [community({ id: "c_1", role: "admin", isCreator: true, canManage: true })] },
    },
    "GET /api/communities/c_1/courses": { body: page },
  });
  setCurrentCommunityId("c_1");
  await renderInRouter(<ClassroomPage />, { namespaces: ["classroom"] });
  await screen.findByText("No courses yet");
}

describe("the classroom and the community's plan", () => {
  it("on a plan without courses, explains the plan instead of offering Create Course", async () => {
    await renderClassroom(false);
    expect(screen.getByText("Courses are part of the Starter plan and above.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Create Course" })).toBeNull();
  });

  it("on a plan with courses, offers Create Course", async () => {
    await renderClassroom(true);
    expect(screen.getByRole("button", { name: "Create Course" })).toBeTruthy();
    expect(screen.queryByText("Courses are part of the Starter plan and above.")).toBeNull();
  });
});
