import { describe, expect, it } from "vitest";
import { MAX_PIXELS, MAX_SIDE } from "../../../common/contract/limits";
import { isAcceptedImage, MAX_IMAGE_SIDE, outputTypeFor, planResize, targetSize } from "./resize";

describe("targetSize", () => {
  it("keeps images that already fit", () => {
    expect(targetSize(2048, 1000)).toEqual({ width: 2048, height: 1000 });
    expect(targetSize(10, 10)).toEqual({ width: 10, height: 10 });
  });

  it("scales the longer side down to 2048, keeping proportions", () => {
    expect(targetSize(4032, 3024)).toEqual({ width: 2048, height: 1536 });
    expect(targetSize(3000, 6000)).toEqual({ width: 1024, height: 2048 });
  });

  it("never makes an image the server would refuse for its pixels", () => {
    expect(MAX_IMAGE_SIDE ** 2).toBeLessThanOrEqual(MAX_PIXELS);
    for (const [width, height] of [
      [20_000, 20_000],
      [100_000, 3],
      [4096, 4096],
    ] as const) {
      const size = targetSize(width, height);
      expect(Math.max(size.width, size.height)).toBeLessThanOrEqual(MAX_SIDE);
      expect(size.width * size.height).toBeLessThanOrEqual(MAX_PIXELS);
    }
  });

  it("never collapses a very thin image to zero pixels", () => {
    expect(targetSize(100_000, 10)).toEqual({ width: 2048, height: 1 });
  });
});

describe("output type", () => {
  it("prefers WebP when the browser can encode it", () => {
    expect(outputTypeFor("image/jpeg", true)).toBe("image/webp");
    expect(outputTypeFor("image/png", true)).toBe("image/webp");
  });

  it("keeps PNG transparency and turns the rest into JPEG without WebP", () => {
    expect(outputTypeFor("image/png", false)).toBe("image/png");
    expect(outputTypeFor("image/webp", false)).toBe("image/jpeg");
    expect(outputTypeFor("image/jpeg", false)).toBe("image/jpeg");
  });

  it("plans size, type and quality together", () => {
    expect(planResize({ width: 5000, height: 2500, type: "image/jpeg" }, false)).toEqual({
      width: 2048,
      height: 1024,
      type: "image/jpeg",
      quality: 0.85,
    });
  });

  it("accepts JPEG, PNG and WebP only", () => {
    expect(isAcceptedImage({ type: "image/png" })).toBe(true);
    expect(isAcceptedImage({ type: "image/gif" })).toBe(false);
    expect(isAcceptedImage({ type: "application/pdf" })).toBe(false);
  });
});
