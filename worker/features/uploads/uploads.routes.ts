import { Hono } from "hono";
import { acceptedImageTypes } from "../../../common/contract/enums";
import { MAX_ANIMATION_PIXELS, MAX_PIXELS, MAX_SIDE, uploadLimits } from "../../../common/contract/limits";
import { uploads } from "../../../common/contract/uploads";
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
  // A PNG's pixels are inflated and counted (within the caps above): a browser could not draw it otherwise.
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
    const id = newId();
    const key = `${purpose}/${id}.${extension[info.type]}`;
    await c.env.FILES.put(key, bytes, {
      httpMetadata: { contentType: info.type, cacheControl: "public, max-age=31536000, immutable" },
    });
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

/** GET /files/<key>: uploaded images, immutable, never rendered as a document. */
export const filesRoutes = new Hono<HonoEnv>().get("/*", async (c) => {
  const key = decodeURIComponent(new URL(c.req.url).pathname.slice("/files/".length));
  if (!/^[a-z_]+\/[0-9a-f-]{36}\.(jpg|png|webp|gif)$/.test(key)) throw notFound("File not found.");
  const object = await c.env.FILES.get(key);
  if (!object) throw notFound("File not found.");
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("etag", object.httpEtag);
  headers.set("Content-Disposition", "inline");
  headers.set("Content-Security-Policy", "default-src 'none'; img-src 'self'; sandbox");
  headers.set("Cross-Origin-Resource-Policy", "same-origin");
  return new Response(object.body, { headers });
});
