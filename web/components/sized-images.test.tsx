import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CommunityImage } from "./community-image";
import { Avatar } from "./ui/avatar";

describe("uploaded images at the width they are drawn", () => {
  it("an avatar asks for the smallest width that covers it at twice its size", () => {
    const { container, rerender } = render(<Avatar src="/files/avatar/a.webp" size="md" />);
    expect(container.querySelector("img")!.getAttribute("src")).toBe("/files/avatar/a.webp?w=96");
    rerender(<Avatar src="/files/avatar/a.webp" size="xl" />);
    expect(container.querySelector("img")!.getAttribute("src")).toBe("/files/avatar/a.webp?w=320");
  });

  it("a community picture offers its widths with the size it is drawn at", () => {
    const { container } = render(<CommunityImage src="/files/community_image/c.webp" name="Runners" sizes="5rem" />);
    const img = container.querySelector("img")!;
    expect(img.getAttribute("src")).toBe("/files/community_image/c.webp");
    expect(img.getAttribute("srcset")).toContain("/files/community_image/c.webp?w=320 320w");
    expect(img.getAttribute("sizes")).toBe("5rem");
  });
});
