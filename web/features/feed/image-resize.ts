import { IMAGE_MAX_SIDE, IMAGE_QUALITY } from "./limits";

/** Scales (w, h) down so neither side exceeds `max`, keeping the aspect ratio; never scales up. */
export function fitWithin(width: number, height: number, max = IMAGE_MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/**
 * Re-encodes a picked image in the browser before upload: decoded with its EXIF orientation applied,
 * drawn onto a canvas at most 2048 px a side, and saved as WebP (JPEG where the browser cannot write
 * WebP). Drawing to a canvas drops every metadata block, so no EXIF (GPS, camera) leaves the device.
 */
export async function resizeImage(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("Canvas is not available");
    ctx.imageSmoothingQuality = "high";
    ctx.drawImage(bitmap, 0, 0, width, height);
    const webp = await toBlob(canvas, "image/webp", IMAGE_QUALITY);
    if (webp && webp.type === "image/webp") return webp;
    // Safari before 17 quietly writes PNG when asked for WebP: JPEG is the smaller fallback.
    const jpeg = await toBlob(canvas, "image/jpeg", IMAGE_QUALITY);
    if (!jpeg) throw new Error("The image could not be encoded");
    return jpeg;
  } finally {
    bitmap.close();
  }
}
