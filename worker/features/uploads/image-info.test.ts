import { describe, expect, it } from "vitest";
import {
  concat,
  flipped,
  gifFile,
  moreRealImages,
  PNG_SIGNATURE,
  pngChunk,
  pngFile,
  pngHeader,
  realImages,
} from "../../../tests/images";
import { inspectImage } from "./image-info";

function refusal(bytes: Uint8Array) {
  const check = inspectImage(bytes);
  if (check.ok) throw new Error(`accepted as ${check.image.type} ${check.image.width}x${check.image.height}`);
  return check;
}

const html = "<html><body><script>alert(document.cookie)</script></body></html>";
const IDAT = pngChunk("IDAT", [0x78, 0x9c, 0x03, 0x00, 0, 0, 0, 1]);
const IEND = pngChunk("IEND");

describe("real images", () => {
  it.each(Object.entries(realImages))("accepts a %s with its size", (type, bytes) => {
    expect(inspectImage(bytes)).toEqual({ ok: true, image: { type, width: 3, height: 2, frames: 1 } });
  });

  it.each([
    ["a progressive JPEG", moreRealImages.progressiveJpeg, "image/jpeg", 1],
    ["a lossless WebP", moreRealImages.losslessWebp, "image/webp", 1],
    ["a WebP with alpha (VP8X, ALPH, VP8)", moreRealImages.alphaWebp, "image/webp", 1],
    ["an animated WebP", moreRealImages.animatedWebp, "image/webp", 2],
    ["an animated GIF", moreRealImages.animatedGif, "image/gif", 2],
  ])("accepts %s, with its frames", (_name, bytes, type, frames) => {
    expect(inspectImage(bytes)).toEqual({ ok: true, image: { type, width: 3, height: 2, frames } });
  });

  it("reads the declared size of a crafted PNG and GIF, which the route then caps", () => {
    expect(inspectImage(pngFile(10_000, 4_000))).toEqual({
      ok: true,
      image: { type: "image/png", width: 10_000, height: 4_000, frames: 1 },
    });
    expect(inspectImage(gifFile(640, 480))).toEqual({
      ok: true,
      image: { type: "image/gif", width: 640, height: 480, frames: 1 },
    });
    expect(inspectImage(gifFile(640, 480, { frames: 300 }))).toEqual({
      ok: true,
      image: { type: "image/gif", width: 640, height: 480, frames: 300 },
    });
  });
});

describe("files that are not images", () => {
  it("knows no format for text, SVG or an empty file", () => {
    for (const text of [html, "<svg onload=alert(1)>", ""]) {
      expect(inspectImage(new TextEncoder().encode(text))).toMatchObject({ ok: false, type: null });
    }
  });
});

describe("PNG structure", () => {
  it("refuses data after IEND", () => {
    expect(refusal(concat(realImages["image/png"], html)).reason).toBe("The PNG file has data after its end.");
    expect(refusal(concat(pngFile(3, 2), [0])).reason).toBe("The PNG file has data after its end.");
  });

  it("refuses a chunk with a wrong CRC, in the pixels or the header", () => {
    const png = realImages["image/png"];
    expect(refusal(flipped(png, png.length - 20)).reason).toBe("The PNG chunk IDAT has a wrong checksum.");
    expect(refusal(flipped(png, 18)).reason).toBe("The PNG chunk IHDR has a wrong checksum.");
  });

  it("refuses a cut file, a chunk longer than the file and a missing IEND", () => {
    const png = pngFile(3, 2);
    expect(refusal(png.subarray(0, png.length - 1)).reason).toBe("The PNG file is cut short.");
    expect(refusal(concat(PNG_SIGNATURE, pngHeader(3, 2), [0x00, 0x10, 0, 0], "IDAT", [1, 2, 3])).reason).toBe(
      "The PNG file is cut short.",
    );
    expect(refusal(concat(PNG_SIGNATURE, pngHeader(3, 2), IDAT)).reason).toBe("The PNG file is cut short.");
  });

  it("refuses a file without IHDR first, without IDAT, or with its IDATs split", () => {
    expect(refusal(concat(PNG_SIGNATURE, IDAT, pngHeader(3, 2), IEND)).reason).toBe("A PNG file must start with its IHDR chunk.");
    expect(refusal(concat(PNG_SIGNATURE, pngHeader(3, 2), IEND)).reason).toBe("The PNG file has no image data.");
    expect(refusal(concat(PNG_SIGNATURE, pngHeader(3, 2), IDAT, pngChunk("tEXt", "a\0b"), IDAT, IEND)).reason).toBe(
      "The PNG image data is split by other chunks.",
    );
  });

  it("refuses impossible header values and unknown critical chunks", () => {
    const header = (values: number[]) => concat(PNG_SIGNATURE, pngChunk("IHDR", values), IDAT, IEND);
    expect(refusal(header([0, 0, 0, 0, 0, 0, 0, 2, 8, 2, 0, 0, 0])).reason).toBe("The PNG size is invalid.");
    expect(refusal(header([0, 0, 0, 3, 0, 0, 0, 2, 3, 2, 0, 0, 0])).reason).toBe("The PNG colour type or bit depth is invalid.");
    expect(refusal(header([0, 0, 0, 3, 0, 0, 0, 2, 8, 2, 0, 0, 7])).reason).toBe("The PNG header is invalid.");
    expect(refusal(concat(PNG_SIGNATURE, pngHeader(3, 2), pngChunk("HTML", html), IDAT, IEND)).reason).toBe(
      "The PNG file needs an unknown chunk (HTML).",
    );
  });
});

describe("GIF structure", () => {
  it("refuses HTML behind a GIF header", () => {
    expect(refusal(concat("GIF89a", html))).toMatchObject({ type: "image/gif" });
    expect(refusal(concat("GIF89a", [3, 0, 2, 0, 0, 0, 0], html)).reason).toBe("The GIF file has an unknown block.");
  });

  it("refuses the GIF/JavaScript polyglot: a script after the trailer", () => {
    // `GIF89a/*` opens a JavaScript comment (the width is "/*"); the file closes it after the trailer.
    const polyglot = concat(gifFile(0x2a2f, 1, { header: concat("GIF89a/*", [1, 0]) }), "*/=alert(1);");
    expect(refusal(polyglot).reason).toBe("The GIF file has data after its end.");
  });

  it("refuses a missing trailer, a sub-block past the end and a frame without data", () => {
    const gif = gifFile(4, 4);
    expect(refusal(gif.subarray(0, gif.length - 1)).reason).toBe("The GIF file is cut short.");
    expect(refusal(concat(gif.subarray(0, gif.length - 1), [0x21, 0xfe, 200, 1, 2, 3])).reason).toBe(
      "The GIF file is cut short.",
    );
    expect(refusal(concat(gif.subarray(0, gif.length - 6), [2, 0, 0x3b])).reason).toBe("A GIF frame has no image data.");
    expect(refusal(concat(gif.subarray(0, 19), [0x3b])).reason).toBe("The GIF file has no image.");
  });

  it("refuses a frame outside the logical screen and a bad LZW code size", () => {
    expect(refusal(gifFile(4, 4, { frame: [2, 0, 0, 0, 3, 0, 4, 0] })).reason).toBe("A GIF frame lies outside the image.");
    expect(refusal(gifFile(4, 4, { frame: [0, 0, 0, 0, 0, 0x10, 1, 0] })).reason).toBe("A GIF frame lies outside the image.");
    const badCodeSize = gifFile(4, 4);
    badCodeSize[29] = 12;
    expect(refusal(badCodeSize).reason).toBe("A GIF frame has an invalid code size.");
  });
});

describe("JPEG structure", () => {
  const jpeg = realImages["image/jpeg"];

  it("refuses data after EOI and a file without EOI", () => {
    expect(refusal(concat(jpeg, html)).reason).toBe("The JPEG file has data after its end.");
    expect(refusal(concat(jpeg, [0xff, 0xd9])).reason).toBe("The JPEG file has data after its end.");
    expect(refusal(jpeg.subarray(0, jpeg.length - 2)).reason).toBe("The JPEG file is cut short.");
  });

  it("refuses a segment longer than the file, a file without a scan, and HTML behind SOI", () => {
    expect(refusal(concat([0xff, 0xd8, 0xff, 0xe0, 0xff, 0xf0], html)).reason).toBe("The JPEG file is cut short.");
    expect(refusal(concat([0xff, 0xd8, 0xff, 0xc0, 0, 11, 8, 0, 2, 0, 3, 1, 1, 0x11, 0], [0xff, 0xd9])).reason).toBe(
      "The JPEG file has no image data.",
    );
    expect(refusal(concat([0xff, 0xd8, 0xff], html)).reason).toBe("A JPEG segment has an unknown marker.");
    expect(refusal(concat([0xff, 0xd8, 0xff, 0xd8], html)).reason).toBe("A JPEG segment is misplaced.");
  });

  it("refuses a frame of zero size", () => {
    const sof = jpeg.findIndex((b, i) => b === 0xff && jpeg[i + 1] === 0xc0);
    const zero = jpeg.slice();
    zero.set([0, 0], sof + 5);
    expect(refusal(zero).reason).toBe("The JPEG size is invalid.");
  });
});

describe("WebP structure", () => {
  const webp = realImages["image/webp"];

  it("refuses a RIFF size that is not the file length less 8, so nothing rides behind", () => {
    expect(refusal(concat(webp, html)).reason).toBe("The WebP file size field does not match the file.");
    const grown = concat(webp, [0, 0]);
    new DataView(grown.buffer).setUint32(4, grown.length - 8, true);
    expect(refusal(grown).reason).toBe("The WebP file is cut short.");
  });

  it("refuses a chunk that runs past the end and a canvas the bitstream does not fill", () => {
    const cut = webp.slice(0, webp.length - 2);
    new DataView(cut.buffer).setUint32(4, cut.length - 8, true);
    expect(refusal(cut).reason).toBe("A WebP chunk runs past its end.");
    const alpha = moreRealImages.alphaWebp.slice();
    alpha[24] = 99; // canvas width - 1, in the VP8X chunk
    expect(refusal(alpha).reason).toBe("The WebP image size does not match its header.");
  });

  it("refuses a lossy frame that is not a key frame or lacks its start code", () => {
    expect(refusal(flipped(webp, 23)).reason).toBe("The WebP lossy frame is invalid.");
    const notKey = webp.slice();
    notKey[20] = notKey[20]! | 1;
    expect(refusal(notKey).reason).toBe("The WebP lossy frame is invalid.");
  });
});
