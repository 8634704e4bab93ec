import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { CourseCard as Course } from "../../../common/contract/classroom";
import { mockFetch } from "../../test/fetch-mock";
import { renderInRouter } from "../../test/render-in-router";
import { CourseCard } from "./course-card";

const course = (overrides: Partial<Course> = {}): Course => ({
  id: "k1",
  communityId: "c1",
  title: "Street Photography Basics",
  description: null,
  imageUrl: null,
  creator: null,
  requiredLevel: 1,
  locked: false,
  published: true,
  position: 0,
  videosCount: 4,
  enrollmentsCount: 3,
  totalDuration: 0,
  enrolled: false,
  completedCount: 0,
  progress: 0,
  completedAt: null,
  createdAt: Date.UTC(2026, 0, 5),
  ...overrides,
});

const show = (c: Course) => {
  mockFetch({});
  return renderInRouter(<CourseCard course={c} />, { namespaces: ["classroom"] });
};

describe("a course card's progress ring", () => {
  it("is not shown before the viewer joins the course", async () => {
    await show(course());
    expect(screen.getByText("Street Photography Basics")).toBeTruthy();
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(screen.queryByText("0%")).toBeNull();
  });

  it("shows the progress of an enrolled viewer, 0% included", async () => {
    await show(course({ enrolled: true, progress: 0 }));
    expect(screen.getByRole("progressbar", { name: "0% complete" }).getAttribute("aria-valuenow")).toBe("0");
  });

  it("shows how far an enrolled viewer has got", async () => {
    await show(course({ enrolled: true, completedCount: 2, progress: 50 }));
    expect(screen.getByRole("progressbar", { name: "50% complete" })).toBeTruthy();
  });
});
