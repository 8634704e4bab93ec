/**
 * Images are resized and re-encoded in the browser before upload (DESIGN.md section 6): phones take
 * 12-megapixel photos that nobody needs at that size, re-encoding drops EXIF (camera, GPS position),
 * and the server still checks every file, refusing more pixels than this ever makes (MAX_SIDE and
 * MAX_PIXELS in common/contract/limits.ts).
 */
export const MAX_IMAGE_SIDE = 2048;
export const IMAGE_QUALITY = 0.85;
export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

export type OutputType = "image/webp" | "image/jpeg" | "image/png";

export type ResizePlan = { width: number; height: number; type: OutputType; quality: number };

/** Scales down (never up) so the longer side is at most maxSide, keeping the proportions. */
export function targetSize(width: number, height: number, maxSide = MAX_IMAGE_SIDE): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const scale = maxSide / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * WebP where the browser can encode it (small, keeps transparency); otherwise PNG stays PNG so a
 * transparent logo does not turn black, and everything else becomes JPEG.
 */
export function outputTypeFor(sourceType: string, canEncodeWebp: boolean): OutputType {
  if (canEncodeWebp) return "image/webp";
  return sourceType === "image/png" ? "image/png" : "image/jpeg";
}

export function planResize(
  source: { width: number; height: number; type: string },
  canEncodeWebp: boolean,
  maxSide = MAX_IMAGE_SIDE,
): ResizePlan {
  return {
    ...targetSize(source.width, source.height, maxSide),
    type: outputTypeFor(source.type, canEncodeWebp),
    quality: IMAGE_QUALITY,
  };
}

export function isAcceptedImage(file: { type: string }): boolean {
  return (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type);
}

let webpSupport: boolean | null = null;
function canEncodeWebp(): boolean {
  if (webpSupport === null) {
    try {
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = 1;
      webpSupport = canvas.toDataURL("image/webp").startsWith("data:image/webp");
    } catch {
      webpSupport = false;
    }
  }
  return webpSupport;
}

/** Decodes (honouring the EXIF rotation), draws at the planned size and encodes again. */
export async function resizeImage(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  try {
    const plan = planResize({ width: bitmap.width, height: bitmap.height, type: file.type }, canEncodeWebp());
    const canvas = document.createElement("canvas");
    canvas.width = plan.width;
    canvas.height = plan.height;
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("Canvas is not available");
    if (plan.type === "image/jpeg") {
      // JPEG has no transparency: paint white first so transparent parts do not turn black.
      ctx.fillStyle = "#ffffff";
      ctx.fillRect(0, 0, plan.width, plan.height);
    }
    ctx.imageSmoothingQuality = "high";
    ctx.drawImage(bitmap, 0, 0, plan.width, plan.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("Encoding failed"))), plan.type, plan.quality),
    );
  } finally {
    bitmap.close();
  }
}
