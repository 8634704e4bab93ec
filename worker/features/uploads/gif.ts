import { Bytes, fail } from "./image-bytes";
import type { ImageSize, PixelSize } from "./image-bytes";

const EXTENSION = 0x21;
const IMAGE = 0x2c;
const TRAILER = 0x3b;

/**
 * Walks the whole block stream: header, logical screen, colour tables, extensions and images with their
 * data sub-blocks, to the trailer, which must be the last byte. Every image must lie inside the screen,
 * whose size is the one answered.
 */
export function gif(data: Uint8Array): ImageSize {
  const b = new Bytes(data, "The GIF file is cut short.");
  const version = b.ascii(0, 6);
  if (version !== "GIF87a" && version !== "GIF89a") fail("The GIF header is invalid.");
  const screen = { width: b.u16le(6), height: b.u16le(8) };
  if (screen.width === 0 || screen.height === 0) fail("The GIF size is invalid.");
  let offset = 13 + colourTableLength(b.u8(10));
  let images = 0;
  for (;;) {
    const block = b.u8(offset);
    if (block === TRAILER) {
      if (images === 0) fail("The GIF file has no image.");
      if (offset + 1 !== b.length) fail("The GIF file has data after its end.");
      return { ...screen, frames: images };
    }
    if (block === EXTENSION) {
      offset = skipSubBlocks(b, offset + 2);
    } else if (block === IMAGE) {
      offset = image(b, offset, screen);
      images += 1;
    } else {
      fail("The GIF file has an unknown block.");
    }
  }
}

/** The colour table a packed field announces (bit 7), of 2^(n+1) RGB entries. */
function colourTableLength(packed: number): number {
  return packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0;
}

/** An image descriptor, its local colour table, LZW minimum code size and data; answers the next offset. */
function image(b: Bytes, offset: number, screen: PixelSize): number {
  const left = b.u16le(offset + 1);
  const top = b.u16le(offset + 3);
  const width = b.u16le(offset + 5);
  const height = b.u16le(offset + 7);
  if (width === 0 || height === 0 || left + width > screen.width || top + height > screen.height) {
    fail("A GIF frame lies outside the image.");
  }
  const dataStart = offset + 10 + colourTableLength(b.u8(offset + 9));
  const minCodeSize = b.u8(dataStart);
  if (minCodeSize < 2 || minCodeSize > 8) fail("A GIF frame has an invalid code size.");
  const end = skipSubBlocks(b, dataStart + 1);
  if (end === dataStart + 2) fail("A GIF frame has no image data.");
  return end;
}

/** Sub-blocks are a length byte and that many bytes, ended by an empty one; answers the offset after it. */
function skipSubBlocks(b: Bytes, offset: number): number {
  for (;;) {
    const size = b.u8(offset);
    if (size === 0) return offset + 1;
    b.need(offset + 1, size);
    offset += 1 + size;
  }
}
