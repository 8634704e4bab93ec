import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { LoadError } from "./load-error";

describe("load error", () => {
  it.each(["card", "plain", "compact", "inline"] as const)("%s: says what failed and retries on its button", (variant) => {
    const onRetry = vi.fn();
    render(<LoadError variant={variant} message="Failed to load members" retryLabel="Try Again" onRetry={onRetry} />);
    expect(screen.getByRole("alert").textContent).toContain("Failed to load members");
    fireEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it("is not announced where something else already says it", () => {
    render(<LoadError announce={false} message="Failed to load posts" retryLabel="Try Again" onRetry={() => {}} />);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByText("Failed to load posts")).toBeTruthy();
  });
});
