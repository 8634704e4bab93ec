import type { AcceptedImageType } from "../../../common/contract/enums";
import { gif } from "./gif";
import { InvalidImage, type ImageSize } from "./image-bytes";
import { jpeg } from "./jpeg";
import { png, PNG_SIGNATURE } from "./png";
import { webp } from "./webp";

export type ImageInfo = { type: AcceptedImageType } & ImageSize;

/**
 * What an uploaded file really is, whatever the client claimed: the format its signature names, then
 * the whole structure of that format walked to its end (so nothing rides behind or inside a valid
 * header), and the pixel size the browser will have to decode.
 */
export type ImageCheck = { ok: true; image: ImageInfo } | { ok: false; type: AcceptedImageType | null; reason: string };

const formats: { type: AcceptedImageType; matches: (b: Uint8Array) => boolean; read: (b: Uint8Array) => ImageSize }[] = [
  { type: "image/png", matches: (b) => startsWith(b, PNG_SIGNATURE), read: png },
  { type: "image/gif", matches: (b) => startsWith(b, [0x47, 0x49, 0x46, 0x38]), read: gif },
  { type: "image/jpeg", matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]), read: (b) => ({ ...jpeg(b), frames: 1 }) },
  { type: "image/webp", matches: (b) => startsWith(b, [0x52, 0x49, 0x46, 0x46]) && ascii(b, 8, 4) === "WEBP", read: webp },
];

export function inspectImage(bytes: Uint8Array): ImageCheck {
  const format = formats.find((f) => f.matches(bytes));
  if (!format) return { ok: false, type: null, reason: "The file is not a JPEG, PNG, WebP or GIF image." };
  try {
    return { ok: true, image: { type: format.type, ...format.read(bytes) } };
  } catch (err) {
    if (err instanceof InvalidImage) return { ok: false, type: format.type, reason: err.reason };
    throw err;
  }
}

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);
}

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}
