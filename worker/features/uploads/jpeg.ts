import { Bytes, fail } from "./image-bytes";
import type { PixelSize } from "./image-bytes";

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;

/** Start-of-frame markers C0–CF carry the size; C4 (DHT), C8 (reserved) and CC (DAC) are not frames. */
const isFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** Markers without a length: TEM and the restart markers RST0–RST7. */
const isStandalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/**
 * Walks every segment from SOI: lengths within the file, one frame header with its size before the
 * first scan, entropy-coded data after each scan header, and EOI as the last two bytes.
 */
export function jpeg(data: Uint8Array): PixelSize {
  const b = new Bytes(data, "The JPEG file is cut short.");
  if (b.u8(0) !== 0xff || b.u8(1) !== SOI) fail("The JPEG header is invalid.");
  let offset = 2;
  let size: PixelSize | null = null;
  let scans = 0;
  for (;;) {
    if (b.u8(offset) !== 0xff) fail("A JPEG segment is misplaced.");
    // Any number of 0xFF fill bytes may precede a marker.
    while (b.u8(offset + 1) === 0xff) offset += 1;
    const marker = b.u8(offset + 1);
    offset += 2;
    if (marker === EOI) {
      if (!size || scans === 0) fail("The JPEG file has no image data.");
      if (offset !== b.length) fail("The JPEG file has data after its end.");
      return size;
    }
    if (isStandalone(marker)) continue;
    if (marker === SOI) fail("A JPEG segment is misplaced.");
    // 0x02–0xBF are reserved and 0x00 is a stuffed byte: no segment starts with them.
    if (marker < 0xc0) fail("A JPEG segment has an unknown marker.");
    const length = b.u16be(offset);
    if (length < 2) fail("A JPEG segment has an invalid length.");
    b.need(offset, length);
    if (isFrame(marker)) {
      if (size) fail("The JPEG file has more than one frame.");
      size = frame(b, offset, length);
    } else if (marker === SOS) {
      if (!size) fail("The JPEG scan comes before its frame.");
      const components = b.u8(offset + 2);
      if (components < 1 || components > 4 || length !== 6 + 2 * components) fail("A JPEG scan header is invalid.");
      offset = entropyCodedData(b, offset + length);
      scans += 1;
      continue;
    }
    offset += length;
  }
}

function frame(b: Bytes, offset: number, length: number): PixelSize {
  const height = b.u16be(offset + 3);
  const width = b.u16be(offset + 5);
  const components = b.u8(offset + 7);
  if (components < 1 || components > 4 || length !== 8 + 3 * components) fail("The JPEG frame header is invalid.");
  // A height of 0 defers it to a DNL marker, which browsers do not support either.
  if (width === 0 || height === 0) fail("The JPEG size is invalid.");
  return { width, height };
}

/**
 * Skips a scan's entropy-coded bytes, where 0xFF is followed by a stuffed 0x00 or a restart marker;
 * answers the offset of the marker that ends them.
 */
function entropyCodedData(b: Bytes, start: number): number {
  let offset = start;
  for (;;) {
    offset = b.data.indexOf(0xff, offset);
    if (offset < 0) fail("The JPEG file is cut short.");
    const next = b.u8(offset + 1);
    if (next !== 0x00 && next !== 0xff && !(next >= 0xd0 && next <= 0xd7)) break;
    offset += next === 0xff ? 1 : 2;
  }
  if (offset === start) fail("A JPEG scan has no image data.");
  return offset;
}
