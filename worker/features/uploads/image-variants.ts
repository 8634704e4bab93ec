import { IMAGE_WIDTHS, type ImageWidth } from "../../../common/image-widths";

/**
 * Display sizes of an uploaded image, made by Cloudflare's Images binding (locally miniflare runs it
 * through Sharp). Pages ask for the width they draw (`/files/<key>?w=96`) instead of the full upload:
 * a feed of avatars drawn 40 pixels wide no longer downloads 2048-pixel pictures. The binding decodes
 * every pixel to make one, which is also what refuses an upload whose pixel data does not decode: the
 * walkers check a file's structure, only a decoder can tell its pixels are real.
 */

/** Where a width's variant is kept: beside, never inside, the originals' namespace. */
export const variantKey = (key: string, width: ImageWidth) => `variants/${key}/${width}.webp`;

export const isImageWidth = (value: number): value is ImageWidth => (IMAGE_WIDTHS as readonly number[]).includes(value);

/** Thrown when the binding could not decode the image. */
export class UndecodableImage extends Error {}

/** A still WebP at most `width` pixels wide (never enlarged), or UndecodableImage. */
export async function makeVariant(images: ImagesBinding, bytes: Uint8Array | ReadableStream, width: ImageWidth) {
  const stream = bytes instanceof ReadableStream ? bytes : new Blob([bytes]).stream();
  try {
    const result = await images
      .input(stream)
      .transform({ width, fit: "scale-down" })
      .output({ format: "image/webp", quality: 82 });
    return new Uint8Array(await result.response().arrayBuffer());
  } catch (err) {
    throw new UndecodableImage(err instanceof Error ? err.message : String(err));
  }
}

/** The upload's own check: its smallest display size, made (so every pixel decoded) and kept. */
export async function firstVariant(images: ImagesBinding, bytes: Uint8Array) {
  return makeVariant(images, bytes, IMAGE_WIDTHS[0]);
}
