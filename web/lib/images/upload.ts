import type { ResponseOf } from "../../../common/contract";
import type { UploadPurpose } from "../../../common/contract/enums";
import { ApiError, errorFromBody, NETWORK_ERROR } from "../api";

export type UploadedImage = ResponseOf<"POST /api/uploads">;

/**
 * POST /api/uploads with the raw image as the body. XMLHttpRequest rather than fetch because only it
 * reports upload progress, which each file's bar shows.
 */
export function uploadImage(
  blob: Blob,
  { purpose, onProgress, signal }: { purpose: UploadPurpose; onProgress?: (percent: number) => void; signal?: AbortSignal },
): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException("Upload cancelled", "AbortError"));
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/uploads?purpose=${encodeURIComponent(purpose)}`);
    xhr.setRequestHeader("Content-Type", blob.type);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        // Not JSON (a proxy's error page): the status alone explains the failure.
      }
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof (body as UploadedImage).url === "string") {
        resolve(body as UploadedImage);
      } else {
        reject(errorFromBody(xhr.status, body, xhr.statusText));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR, "Network error"));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(blob);
  });
}
