import { Bytes, fail } from "./image-bytes";
import type { ImageSize, PixelSize } from "./image-bytes";

type Chunk = { fourcc: string; start: number; size: number };

const isBitstream = (chunk: Chunk) => chunk.fourcc === "VP8 " || chunk.fourcc === "VP8L";

/**
 * Walks the RIFF container: its size field equals the file length less 8, every chunk (padded to an
 * even length) lies inside the file, and the VP8/VP8L bitstreams agree with the VP8X canvas and the
 * animation frames lie inside it.
 */
export function webp(data: Uint8Array): ImageSize {
  const b = new Bytes(data, "The WebP file is cut short.");
  if (b.ascii(0, 4) !== "RIFF" || b.ascii(8, 4) !== "WEBP") fail("The WebP header is invalid.");
  if (b.u32le(4) !== b.length - 8) fail("The WebP file size field does not match the file.");
  const all = chunks(b, 12, b.length);
  const first = all[0];
  if (!first) fail("The WebP file has no image.");
  if (isBitstream(first)) {
    if (all.length !== 1) fail("A simple WebP file holds its bitstream only.");
    return { ...bitstream(b, first), frames: 1 };
  }
  if (first.fourcc !== "VP8X") fail("The WebP file starts with an unknown chunk.");
  if (first.size < 10) fail("The WebP header chunk is too short.");
  const canvas = { width: b.u24le(first.start + 4) + 1, height: b.u24le(first.start + 7) + 1 };
  const animated = (b.u8(first.start) & 0x02) !== 0;
  if (animated) {
    const frames = all.filter((c) => c.fourcc === "ANMF");
    if (!all.some((c) => c.fourcc === "ANIM") || frames.length === 0) fail("The animated WebP file has no frames.");
    for (const frame of frames) animationFrame(b, frame, canvas);
    return { ...canvas, frames: frames.length };
  } else {
    const images = all.filter(isBitstream);
    if (images.length !== 1) fail("The WebP file must hold exactly one image.");
    sameSize(bitstream(b, images[0]!), canvas);
  }
  return { ...canvas, frames: 1 };
}

/** The chunks between `start` and `end`, which they must fill exactly. */
function chunks(b: Bytes, start: number, end: number): Chunk[] {
  const out: Chunk[] = [];
  let offset = start;
  while (offset < end) {
    const fourcc = b.ascii(offset, 4);
    const size = b.u32le(offset + 4);
    const padded = size + (size % 2);
    if (offset + 8 + padded > end) fail("A WebP chunk runs past its end.");
    out.push({ fourcc, start: offset + 8, size });
    offset += 8 + padded;
  }
  return out;
}

/** An ANMF chunk: frame position and size (16 bytes), then its own chunks with one bitstream. */
function animationFrame(b: Bytes, frame: Chunk, canvas: PixelSize): void {
  if (frame.size < 16) fail("A WebP animation frame is too short.");
  const x = b.u24le(frame.start) * 2;
  const y = b.u24le(frame.start + 3) * 2;
  const size = { width: b.u24le(frame.start + 6) + 1, height: b.u24le(frame.start + 9) + 1 };
  if (x + size.width > canvas.width || y + size.height > canvas.height) fail("A WebP animation frame lies outside the image.");
  const images = chunks(b, frame.start + 16, frame.start + frame.size).filter(isBitstream);
  if (images.length !== 1) fail("A WebP animation frame must hold exactly one image.");
  sameSize(bitstream(b, images[0]!), size);
}

function sameSize(actual: PixelSize, declared: PixelSize): void {
  if (actual.width !== declared.width || actual.height !== declared.height) {
    fail("The WebP image size does not match its header.");
  }
}

/** The size a VP8 (lossy) key frame or VP8L (lossless) header declares. */
function bitstream(b: Bytes, chunk: Chunk): PixelSize {
  if (chunk.fourcc === "VP8L") {
    if (chunk.size < 5 || b.u8(chunk.start) !== 0x2f) fail("The WebP lossless header is invalid.");
    const bits = b.u32le(chunk.start + 1);
    if (bits >>> 29 !== 0) fail("The WebP lossless version is unknown.");
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk.size < 10) fail("The WebP lossy header is too short.");
  const tag = b.u24le(chunk.start);
  // Frame tag: bit 0 clear for a key frame, bit 4 set to show it, bits 5+ the first partition's size.
  if ((tag & 0x01) !== 0 || (tag & 0x10) === 0 || tag >>> 5 > chunk.size - 10) fail("The WebP lossy frame is invalid.");
  if (b.u8(chunk.start + 3) !== 0x9d || b.u8(chunk.start + 4) !== 0x01 || b.u8(chunk.start + 5) !== 0x2a) {
    fail("The WebP lossy frame is invalid.");
  }
  const width = b.u16le(chunk.start + 6) & 0x3fff;
  const height = b.u16le(chunk.start + 8) & 0x3fff;
  if (width === 0 || height === 0) fail("The WebP size is invalid.");
  return { width, height };
}
