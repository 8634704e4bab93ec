import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import type { Lesson } from "../../../common/contract/classroom";
import { ensureNamespace, initI18n } from "../../lib/i18n";
import { createQueryClient } from "../../lib/query-client";
import { mockFetch } from "../../test/fetch-mock";
import { LessonList } from "./lesson-list";

beforeAll(async () => {
  await initI18n("en");
  await ensureNamespace("classroom");
});

const lessons: Lesson[] = ["Welcome", "Light", "Composition"].map((title, i) => ({
  id: `v${i + 1}`,
  title,
  description: null,
  duration: 60,
  orderIndex: i,
  isCompleted: false,
}));

function renderList(canManage = true) {
  const { calls } = mockFetch({ "PUT /api/courses/k1/videos/order": { body: { ok: true } } });
  const qc = createQueryClient();
  const list = (shown: Lesson[]) => (
    <QueryClientProvider client={qc}>
      <LessonList communityId="c1" courseId="k1" lessons={shown} open={false} canManage={canManage} />
    </QueryClientProvider>
  );
  const { rerender } = render(list(lessons));
  /** The course read again after a save, in the order the server now has. */
  const refreshed = (ids: string[]) => rerender(list(ids.map((id) => lessons.find((l) => l.id === id)!)));
  const titles = () => screen.getAllByRole("listitem").map((li) => within(li).getByText(/Welcome|Light|Composition/).textContent);
  const orders = () => calls.filter((c) => c.method === "PUT").map((c) => (c.body as { videoIds: string[] }).videoIds);
  return { titles, orders, refreshed };
}

const row = (title: string) => screen.getByText(title).closest("li")!;

describe("lesson order", () => {
  it("moves a lesson by drag and drop and saves the new order", async () => {
    const { titles, orders } = renderList();
    fireEvent.dragStart(row("Composition"));
    fireEvent.dragOver(row("Welcome"));
    fireEvent.drop(row("Welcome"));
    expect(titles()).toEqual(["Composition", "Welcome", "Light"]);
    await waitFor(() => expect(orders()).toEqual([["v3", "v1", "v2"]]));
  });

  it("moves the focused lesson with Alt+Arrow keys, announces it, and stops at the ends", async () => {
    const { titles, orders, refreshed } = renderList();
    fireEvent.keyDown(row("Welcome"), { key: "ArrowDown", altKey: true });
    expect(titles()).toEqual(["Light", "Welcome", "Composition"]);
    expect(screen.getByText("Welcome moved to position 2")).toBeTruthy();
    await waitFor(() => expect(orders()).toEqual([["v2", "v1", "v3"]]));
    refreshed(["v2", "v1", "v3"]);
    // Arrow keys alone scroll; the first lesson cannot go up.
    fireEvent.keyDown(row("Light"), { key: "ArrowDown" });
    fireEvent.keyDown(row("Light"), { key: "ArrowUp", altKey: true });
    await new Promise((r) => setTimeout(r, 50));
    expect(orders()).toHaveLength(1);
  });

  it("lets members neither drag nor move lessons", async () => {
    const { titles, orders } = renderList(false);
    expect(row("Welcome").getAttribute("draggable")).toBe("false");
    fireEvent.dragStart(row("Composition"));
    fireEvent.drop(row("Welcome"));
    fireEvent.keyDown(row("Welcome"), { key: "ArrowDown", altKey: true });
    await new Promise((r) => setTimeout(r, 50));
    expect(titles()).toEqual(["Welcome", "Light", "Composition"]);
    expect(orders()).toEqual([]);
  });
});
