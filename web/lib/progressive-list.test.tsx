import { renderHook, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";

/** The hook as a fresh page has it: each test is a new document, opened the way it says. */
async function freshPage(type: "navigate" | "reload" | "back_forward") {
  vi.resetModules();
  vi.spyOn(performance, "getEntriesByType").mockImplementation((kind) =>
    kind === "navigation" ? ([{ type }] as unknown as PerformanceEntryList) : [],
  );
  return (await import("./progressive-list")).useProgressiveCount;
}

beforeEach(() => {
  vi.restoreAllMocks();
});

describe("useProgressiveCount", () => {
  it("renders the first screen, then the rest, when the data arrives after the list mounted", async () => {
    const useProgressiveCount = await freshPage("reload");
    const counts: number[] = [];
    const { rerender } = renderHook(({ loaded }) => counts.push(useProgressiveCount(loaded ? 20 : 0, 3, false)), {
      initialProps: { loaded: false },
    });
    rerender({ loaded: true });
    await waitFor(() => expect(counts.at(-1)).toBe(20));
    expect(counts).toContain(3);
  });

  it("renders the first screen first on the page a document was opened on, even with its data written in", async () => {
    const useProgressiveCount = await freshPage("navigate");
    const counts: number[] = [];
    renderHook(() => counts.push(useProgressiveCount(20, 3, true)));
    expect(counts[0]).toBe(3);
    await waitFor(() => expect(counts.at(-1)).toBe(20));
  });

  it("renders a list shown from the cache whole, for scroll restoration: after a reload, and after the first page", async () => {
    const afterReload = await freshPage("reload");
    const counts: number[] = [];
    renderHook(() => counts.push(afterReload(20, 3, true)));
    expect(counts[0]).toBe(20);

    const opened = await freshPage("navigate");
    const first = renderHook(() => opened(20, 3, true));
    await waitFor(() => expect(first.result.current).toBe(20));
    // Back to a list later in the same document: whole at once.
    const later: number[] = [];
    renderHook(() => later.push(opened(20, 3, true)));
    expect(later[0]).toBe(20);
  });
});
