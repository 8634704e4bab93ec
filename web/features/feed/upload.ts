import { ApiError, errorFromBody, NETWORK_ERROR } from "../../lib/api";

export type UploadPurpose = "post_image";

/**
 * POST /api/uploads?purpose=… with the raw image as the body. XMLHttpRequest rather than fetch because
 * only it reports upload progress; `onProgress` gets 0…100.
 */
export function uploadImage(
  blob: Blob,
  purpose: UploadPurpose,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<{ url: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/uploads?purpose=${encodeURIComponent(purpose)}`);
    xhr.setRequestHeader("Content-Type", blob.type || "application/octet-stream");
    xhr.setRequestHeader("Accept", "application/json");
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      const url = (body as { url?: unknown } | undefined)?.url;
      if (xhr.status >= 200 && xhr.status < 300 && typeof url === "string") {
        onProgress(100);
        resolve({ url });
      } else {
        reject(errorFromBody(xhr.status, body, xhr.statusText));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR, "Network error"));
    xhr.onabort = () => reject(new DOMException("Aborted", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(blob);
  });
}
