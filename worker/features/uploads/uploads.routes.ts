import { Hono, type Context } from "hono";
import { acceptedImageTypes } from "../../../common/contract/enums";
import { MAX_ANIMATION_PIXELS, MAX_PIXELS, MAX_SIDE, uploadLimits } from "../../../common/contract/limits";
import { uploads } from "../../../common/contract/uploads";
import { IMAGE_WIDTHS } from "../../../common/image-widths";
import { newId } from "../../../common/ids";
import type { HonoEnv } from "../../env";
import { AppError, notFound } from "../../lib/errors";
import { hit, rateLimitRules } from "../../lib/rate-limit";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { requireUser } from "../../lib/session";
import { uploads as uploadsTable } from "../../lib/tables";
import { InvalidImage } from "./image-bytes";
import { inspectImage, type ImageInfo } from "./image-info";
import { firstVariant, isImageWidth, makeVariant, UndecodableImage, variantKey } from "./image-variants";
import { pngPixelsDecode } from "./png-pixels";

const extension: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp", "image/gif": "gif" };

/**
 * The file must be a whole, well-formed image of the declared type (nothing hidden behind or around it)
 * and small enough in pixels to decode anywhere.
 */
async function checkedImage(bytes: Uint8Array, declared: string): Promise<ImageInfo> {
  const check = inspectImage(bytes);
  if (!check.ok || check.image.type !== declared) {
    const reason = check.ok || check.type !== declared ? "The file's content is not of its declared type." : check.reason;
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "The file is not a valid image of the declared type.", {
      issues: [{ path: "file", message: reason }],
    });
  }
  const { width, height } = check.image;
  if (width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS) {
    throw new AppError("VALIDATION_FAILED", "The image has too many pixels.", {
      issues: [{ path: "file", message: `At most ${MAX_SIDE} pixels a side and ${MAX_PIXELS / 1_000_000} megapixels` }],
    });
  }
  if (width * height * check.image.frames > MAX_ANIMATION_PIXELS) {
    throw new AppError("VALIDATION_FAILED", "The animation has too many frames for its size.", {
      issues: [{ path: "file", message: `At most ${MAX_ANIMATION_PIXELS / 1_000_000} megapixels over all its frames` }],
    });
  }
  // A PNG's pixels are inflated and counted (within the caps above): stricter than the decoder that follows,
  // which draws a PNG with bytes to spare after its pixels (room to hide things in).
  if (check.image.type === "image/png") {
    try {
      await pngPixelsDecode(bytes);
    } catch (err) {
      if (!(err instanceof InvalidImage)) throw err;
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", "The file is not a valid image of the declared type.", {
        issues: [{ path: "file", message: err.reason }],
      });
    }
  }
  return check.image;
}

const IMMUTABLE = "public, max-age=31536000, immutable";
const VARIANT_METADATA = { contentType: "image/webp", cacheControl: IMMUTABLE };

/** Every pixel decoded by the Images binding (making the smallest display size), or a 415 saying so. */
async function decodedVariant(images: ImagesBinding, bytes: Uint8Array): Promise<Uint8Array> {
  try {
    return await firstVariant(images, bytes);
  } catch (err) {
    if (!(err instanceof UndecodableImage)) throw err;
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "The file is not a valid image of the declared type.", {
      issues: [{ path: "file", message: "The image's pixel data could not be decoded." }],
    });
  }
}

/**
 * POST /api/uploads?purpose=…: the raw image is the body (so the browser can report upload progress).
 * The type is read from the bytes, not trusted from the header, and the whole file is checked against it;
 * size and pixel count are capped;
 * the key is random so nobody can guess another person's files.
 */
export const uploadsRoutes = [
  route(uploads.upload, async (c) => {
    const user = await requireUser(c);
    await hit(c.var.db, rateLimitRules.uploads, user.id);
    const { purpose } = c.req.valid("query");
    const { maxBytes } = uploadLimits[purpose];
    const declared = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (!(acceptedImageTypes as readonly string[]).includes(declared)) {
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Only JPEG, PNG, WebP or GIF images can be uploaded.");
    }
    const length = Number(c.req.header("content-length") ?? "0");
    if (length > maxBytes) throw new AppError("PAYLOAD_TOO_LARGE", `Image too large: at most ${maxBytes / 1024 / 1024} MB.`);
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.byteLength === 0) throw new AppError("BAD_REQUEST", "The image is empty.");
    if (bytes.byteLength > maxBytes)
      throw new AppError("PAYLOAD_TOO_LARGE", `Image too large: at most ${maxBytes / 1024 / 1024} MB.`);
    const info = await checkedImage(bytes, declared);
    const started = performance.now();
    const variant = await decodedVariant(c.env.IMAGES, bytes);
    // Workers' clock moves only across I/O: this is the binding's round trip, decoding included.
    c.header("Server-Timing", `decode;dur=${Math.round(performance.now() - started)}`, { append: true });
    const id = newId();
    const key = `${purpose}/${id}.${extension[info.type]}`;
    await Promise.all([
      c.env.FILES.put(key, bytes, {
        httpMetadata: { contentType: info.type, cacheControl: IMMUTABLE },
        customMetadata: { frames: String(info.frames) },
      }),
      // An animation's variants would be its first frame: it is served whole at every width instead.
      info.frames === 1 && c.env.FILES.put(variantKey(key, IMAGE_WIDTHS[0]), variant, { httpMetadata: VARIANT_METADATA }),
    ]);
    await c.var.db.insert(uploadsTable).values({
      id,
      r2Key: key,
      ownerId: user.id,
      purpose,
      contentType: info.type,
      size: bytes.byteLength,
      width: info.width,
      height: info.height,
      createdAt: Date.now(),
    });
    return respond(c, uploads.upload, { url: `/files/${key}`, width: info.width, height: info.height, size: bytes.byteLength });
  }),
];

/**
 * The object to serve: the upload itself, or with `?w=` its display size of that width, made from the
 * upload on the first request and kept (an animation is served whole: a variant would be one frame).
 */
async function servedObject(c: Context<HonoEnv>, key: string): Promise<R2ObjectBody | null> {
  const w = c.req.query("w");
  if (w === undefined) return c.env.FILES.get(key);
  const width = Number(w);
  if (!isImageWidth(width)) throw new AppError("BAD_REQUEST", "Unknown image width.");
  const stored = await c.env.FILES.get(variantKey(key, width));
  if (stored) return stored;
  const original = await c.env.FILES.get(key);
  if (!original) return null;
  // Uploads before frames were recorded: a GIF is taken for an animation.
  const frames = original.customMetadata?.frames;
  if (frames ? Number(frames) > 1 : key.endsWith(".gif")) return original;
  let variant: Uint8Array;
  try {
    variant = await makeVariant(c.env.IMAGES, original.body, width);
  } catch (err) {
    // Uploads from before the decode check could hold pixels that do not decode: serve them as they are.
    if (!(err instanceof UndecodableImage)) throw err;
    return c.env.FILES.get(key);
  }
  await c.env.FILES.put(variantKey(key, width), variant, { httpMetadata: VARIANT_METADATA });
  return c.env.FILES.get(variantKey(key, width));
}

/** GET /files/<key>[?w=<width>]: uploaded images, immutable, never rendered as a document. */
export const filesRoutes = new Hono<HonoEnv>().get("/*", async (c) => {
  const key = decodeURIComponent(new URL(c.req.url).pathname.slice("/files/".length));
  if (!/^[a-z_]+\/[0-9a-f-]{36}\.(jpg|png|webp|gif)$/.test(key)) throw notFound("File not found.");
  const object = await servedObject(c, key);
  if (!object) throw notFound("File not found.");
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("etag", object.httpEtag);
  headers.set("Content-Disposition", "inline");
  headers.set("Content-Security-Policy", "default-src 'none'; img-src 'self'; sandbox");
  headers.set("Cross-Origin-Resource-Policy", "same-origin");
  return new Response(object.body, { headers });
});
