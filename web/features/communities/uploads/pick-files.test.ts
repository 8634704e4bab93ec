import { describe, expect, it } from "vitest";
import { pickFiles } from "./use-image-uploads";

const file = (name: string, size: number, type = "image/jpeg") => ({ name, size, type });
const MB = 1024 * 1024;

describe("pickFiles", () => {
  it("takes accepted images up to the free slots and says when there were too many", () => {
    const files = [file("a.jpg", MB), file("b.png", MB, "image/png"), file("c.webp", MB, "image/webp")];
    expect(pickFiles(files, 2)).toMatchObject({ accepted: [files[0], files[1]], tooMany: true, tooLarge: [], unsupported: [] });
    expect(pickFiles(files, 10)).toMatchObject({ accepted: files, tooMany: false });
  });

  it("refuses images over 5 MB (before resizing) and files that are not JPEG, PNG or WebP", () => {
    const big = file("big.jpg", 5 * MB + 1);
    const gif = file("anim.gif", MB, "image/gif");
    const pdf = file("doc.pdf", MB, "application/pdf");
    const ok = file("ok.jpg", 5 * MB);
    expect(pickFiles([big, gif, pdf, ok], 10)).toEqual({
      accepted: [ok],
      tooMany: false,
      tooLarge: [big],
      unsupported: [gif, pdf],
    });
  });
});
