import type { MiddlewareHandler } from "hono";

/**
 * The app's Content-Security-Policy. Scripts only from our origin; inline styles are allowed because
 * React style attributes (progress bars, topic colours) need them. Lessons may be direct video files on
 * any https host (common/video-embed.ts), which a <video> element plays without running anything of theirs.
 *
 * Frames and form targets: the 3-D Secure dialog posts a hidden form into its frame, to the card
 * issuer's access control server (ACS) that Flitt names per payment (acs_url). Every bank runs its own
 * ACS on its own domain, Flitt's 3-D Secure pages are on flitt.com, and neither list is known in
 * advance, so frames and form posts may go to any https origin (never plain http, data: or
 * javascript:). Our own origin covers the 3-D Secure return page, the video players' hosts are https,
 * and in development the local Flitt sandbox is same-origin.
 */
export const appCsp = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://i.ytimg.com",
  "media-src 'self' blob: https:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'self' https:",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self' https:",
  "object-src 'none'",
].join("; ");

/**
 * The inline scripts of an HTML document that the browser would run (data blocks such as JSON are
 * never run). index.html has one (the theme before the first paint); the development server's pages
 * have Vite's React refresh preamble too. The CSP names each by hash, so any other inline script is refused.
 */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1] ?? "";
    if (/\ssrc\s*=/i.test(attrs)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && type !== "module" && type !== "text/javascript") continue;
    scripts.push(m[2] ?? "");
  }
  return scripts;
}

/** The app CSP allowing exactly these inline scripts, given as base64 SHA-256 digests. */
export const appCspWithScripts = (sha256s: readonly string[]) =>
  sha256s.length === 0
    ? appCsp
    : appCsp.replace("script-src 'self'", `script-src 'self' ${sha256s.map((h) => `'sha256-${h}'`).join(" ")}`);

/** The CSP of an HTML document the worker writes: the app's, naming the document's own inline scripts. */
export async function documentCsp(html: string): Promise<string> {
  const digests = await Promise.all(
    inlineScripts(html).map(async (code) => {
      const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(code));
      return btoa(String.fromCharCode(...new Uint8Array(digest)));
    }),
  );
  return appCspWithScripts(digests);
}

/** JSON and file responses never render as documents, so they get the narrowest policy. */
export const apiCsp = "default-src 'none'; frame-ancestors 'none'; sandbox";

export const baseSecurityHeaders: Record<string, string> = {
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains; preload",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(self)",
};

/** Adds the security headers to every response the worker produces (HTML pages get the app CSP). */
export const securityHeaders = (): MiddlewareHandler => async (c, next) => {
  await next();
  const res = c.res;
  // WebSocket upgrade responses are immutable and carry no document.
  if (res.status === 101) return;
  const headers = new Headers(res.headers);
  for (const [name, value] of Object.entries(baseSecurityHeaders)) headers.set(name, value);
  // Pages made for the app's own dialogs (3-D Secure) say so in their CSP; the old header follows it.
  if ((headers.get("Content-Security-Policy") ?? "").includes("frame-ancestors 'self'"))
    headers.set("X-Frame-Options", "SAMEORIGIN");
  if (!headers.has("Content-Security-Policy")) {
    const isHtml = (headers.get("content-type") ?? "").includes("text/html");
    headers.set("Content-Security-Policy", isHtml ? appCsp : apiCsp);
  }
  c.res = new Response(res.body, { status: res.status, statusText: res.statusText, headers });
};
