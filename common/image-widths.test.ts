import { describe, expect, it } from "vitest";
import { responsiveImage, sizedImage } from "./image-widths";

describe("image widths", () => {
  it("asks for the smallest width that covers the drawn size on a two-density screen", () => {
    expect(sizedImage("/files/avatar/a.png", 24)).toBe("/files/avatar/a.png?w=96");
    expect(sizedImage("/files/avatar/a.png", 48)).toBe("/files/avatar/a.png?w=96");
    expect(sizedImage("/files/avatar/a.png", 49)).toBe("/files/avatar/a.png?w=320");
    expect(sizedImage("/files/avatar/a.png", 640)).toBe("/files/avatar/a.png?w=1280");
    // Past the largest width, the upload itself.
    expect(sizedImage("/files/avatar/a.png", 641)).toBe("/files/avatar/a.png");
  });

  it("leaves other addresses as they are", () => {
    for (const url of ["https://example.com/a.png", "blob:https://x/1", "/files/a.png?w=96", "data:image/png;base64,AA"]) {
      expect(sizedImage(url, 40)).toBe(url);
      expect(responsiveImage(url)).toEqual({ src: url });
    }
  });

  it("offers the browser every width above the smallest", () => {
    expect(responsiveImage("/files/post_image/b.webp")).toEqual({
      src: "/files/post_image/b.webp",
      srcSet: "/files/post_image/b.webp?w=320 320w, /files/post_image/b.webp?w=640 640w, /files/post_image/b.webp?w=1280 1280w",
    });
  });
});
