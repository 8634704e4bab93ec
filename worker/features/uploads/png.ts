import { crc32 } from "./crc32";
import { Bytes, fail } from "./image-bytes";
import type { ImageSize, PixelSize } from "./image-bytes";

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;

/** Bit depths each colour type allows (PNG spec, table 11.1). */
const bitDepths: Record<number, readonly number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

/** Critical chunks a decoder must understand; any other critical chunk makes the file undecodable. */
const critical = new Set(["IHDR", "PLTE", "IDAT", "IEND"]);

const MAX_CHUNK_LENGTH = 0x7fffffff;

/**
 * Walks every chunk: lengths within the file, a valid CRC on each, IHDR first and sane, PLTE where
 * needed, consecutive IDATs, APNG frames inside the canvas, IEND last with nothing after it.
 */
export function png(data: Uint8Array): ImageSize {
  const b = new Bytes(data, "The PNG file is cut short.");
  let offset = PNG_SIGNATURE.length;
  let size: PixelSize | null = null;
  let colourType = -1;
  let palette = false;
  let idat: "none" | "open" | "closed" = "none";
  let frames = 0;
  for (;;) {
    const length = b.u32be(offset);
    if (length > MAX_CHUNK_LENGTH) fail("A PNG chunk has an impossible length.");
    const type = b.ascii(offset + 4, 4);
    if (!/^[A-Za-z]{4}$/.test(type)) fail("A PNG chunk has an invalid name.");
    b.need(offset + 8, length + 4);
    const start = offset + 8;
    if (crc32(data.subarray(offset + 4, start + length)) !== b.u32be(start + length)) {
      fail(`The PNG chunk ${type} has a wrong checksum.`);
    }
    if (!size && type !== "IHDR") fail("A PNG file must start with its IHDR chunk.");
    if (type === "IDAT") {
      if (idat === "closed") fail("The PNG image data is split by other chunks.");
      if (colourType === 3 && !palette) fail("A palette PNG needs its PLTE chunk before the image data.");
      idat = "open";
    } else if (idat === "open") {
      idat = "closed";
    }
    switch (type) {
      case "IHDR":
        if (size) fail("A PNG file has one IHDR chunk.");
        ({ size, colourType } = header(b, start, length));
        break;
      case "PLTE":
        if (palette || idat !== "none" || colourType === 0 || colourType === 4) fail("The PNG palette is misplaced.");
        if (length === 0 || length % 3 !== 0 || length > 768) fail("The PNG palette is invalid.");
        palette = true;
        break;
      case "fcTL":
        frameWithin(b, start, length, size!);
        frames += 1;
        break;
      case "IEND":
        if (length !== 0) fail("The PNG end chunk must be empty.");
        if (idat === "none") fail("The PNG file has no image data.");
        if (start + 4 !== b.length) fail("The PNG file has data after its end.");
        return { ...size!, frames: Math.max(frames, 1) };
      default:
        if (!critical.has(type) && type.charCodeAt(0) < 0x61) fail(`The PNG file needs an unknown chunk (${type}).`);
    }
    offset = start + length + 4;
  }
}

function header(b: Bytes, start: number, length: number): { size: PixelSize; colourType: number } {
  if (length !== 13) fail("The PNG header chunk has the wrong length.");
  const width = b.u32be(start);
  const height = b.u32be(start + 4);
  const depth = b.u8(start + 8);
  const colourType = b.u8(start + 9);
  if (width === 0 || height === 0 || width > MAX_CHUNK_LENGTH || height > MAX_CHUNK_LENGTH) fail("The PNG size is invalid.");
  if (!bitDepths[colourType]?.includes(depth)) fail("The PNG colour type or bit depth is invalid.");
  // Compression and filter method 0 are the only ones defined; interlace is none (0) or Adam7 (1).
  if (b.u8(start + 10) !== 0 || b.u8(start + 11) !== 0 || b.u8(start + 12) > 1) fail("The PNG header is invalid.");
  return { size: { width, height }, colourType };
}

/** An APNG frame control chunk: the frame must lie inside the canvas the IHDR declares. */
function frameWithin(b: Bytes, start: number, length: number, canvas: PixelSize): void {
  if (length !== 26) fail("A PNG animation frame chunk has the wrong length.");
  const width = b.u32be(start + 4);
  const height = b.u32be(start + 8);
  const x = b.u32be(start + 12);
  const y = b.u32be(start + 16);
  if (width === 0 || height === 0 || x + width > canvas.width || y + height > canvas.height) {
    fail("A PNG animation frame lies outside the image.");
  }
}
