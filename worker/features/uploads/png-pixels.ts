import { fail, InvalidImage } from "./image-bytes";
import { PNG_SIGNATURE } from "./png";

/** Channels per pixel of each PNG colour type (PNG spec, table 11.1). */
const channels: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Adam7's seven passes: the first column and row of each, and the steps between them. */
const adam7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/**
 * The byte length of each scanline of the image data, in order (each with its filter byte): one run of
 * `height` equal rows, or one per Adam7 pass (an empty pass has no rows).
 */
function scanlines(width: number, height: number, bitsPerPixel: number, interlaced: boolean): { rows: number; bytes: number }[] {
  const rowBytes = (w: number) => 1 + Math.ceil((w * bitsPerPixel) / 8);
  if (!interlaced) return [{ rows: height, bytes: rowBytes(width) }];
  return adam7
    .map(([x0, y0, dx, dy]) => ({ w: Math.ceil((width - x0) / dx), h: Math.ceil((height - y0) / dy) }))
    .filter(({ w, h }) => w > 0 && h > 0)
    .map(({ w, h }) => ({ rows: h, bytes: rowBytes(w) }));
}

/**
 * Whether a PNG's pixels decode: its image data (the IDAT chunks, one zlib stream) inflates without
 * error to exactly the scanlines its header declares, each starting with a defined filter (0 to 4).
 * Called only on a file png() accepted and within the pixel caps, so what is inflated is bounded (at
 * most 16 megapixels of 16-bit RGBA); it is counted as it streams, never held, and stops at the first
 * byte too many. An animation's other frames (fdAT) are not inflated: browsers show the first frame
 * from IDAT when they cannot play the rest.
 */
export async function pngPixelsDecode(data: Uint8Array): Promise<void> {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const idat: Uint8Array[] = [];
  let layout: { rows: number; bytes: number }[] = [];
  for (let offset = PNG_SIGNATURE.length; offset + 8 <= data.length;) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...data.subarray(offset + 4, offset + 8));
    const start = offset + 8;
    if (type === "IHDR") {
      const depth = data[start + 8]!;
      layout = scanlines(
        view.getUint32(start),
        view.getUint32(start + 4),
        depth * channels[data[start + 9]!]!,
        data[start + 12] === 1,
      );
    } else if (type === "IDAT") idat.push(data.subarray(start, start + length));
    offset = start + length + 4;
  }

  const stream = new Blob(idat).stream().pipeThrough(new DecompressionStream("deflate"));
  const reader = stream.getReader();
  let pass = 0;
  let row = 0;
  // Where the next scanline's filter byte is, counted from the start of the current chunk of output.
  let next = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      while (next < value.length) {
        if (pass === layout.length) fail("The PNG image data is longer than its size.");
        if (value[next]! > 4) fail("The PNG image data has an invalid filter.");
        next += layout[pass]!.bytes;
        row += 1;
        if (row === layout[pass]!.rows) {
          pass += 1;
          row = 0;
        }
      }
      next -= value.length;
    }
  } catch (err) {
    void reader.cancel().catch(() => {});
    if (err instanceof InvalidImage) throw err;
    // The stream's own error: a bad zlib header, a broken block, a wrong checksum, data cut short.
    fail("The PNG image data does not decode.");
  }
  if (pass !== layout.length || next !== 0) fail("The PNG image data is shorter than its size.");
}
