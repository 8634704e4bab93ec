/** The absolute address of a post, for sharing and copying. */
export function postUrl(postId: string): string {
  return new URL(`/post/${encodeURIComponent(postId)}`, window.location.origin).href;
}

/** Clipboard API where allowed; the old execCommand route otherwise (http pages, older browsers). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission denied or not focused: try the fallback.
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/**
 * The system share sheet where there is one (phones); otherwise the link is copied. Returns what happened,
 * so the caller can say so; a share the user cancelled is 'cancelled', not an error.
 */
export async function sharePost(postId: string, title: string): Promise<"shared" | "copied" | "cancelled" | "failed"> {
  const url = postUrl(postId);
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title, url });
      return "shared";
    } catch (err) {
      if (err instanceof DOMException && err.name === "AbortError") return "cancelled";
    }
  }
  return (await copyText(url)) ? "copied" : "failed";
}
