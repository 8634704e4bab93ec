import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { isDevelopment, type HonoEnv } from "../../env";
import { AppError } from "../../lib/errors";
import { escapeHtml } from "../../lib/html";
import { mailOutbox } from "../../lib/tables";

/** The plain-text body with its links made clickable. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

/**
 * Development-only inbox: every message the app "sent", newest first, with working links.
 * Absent (404) in production.
 */
export const devMailRoutes = new Hono<HonoEnv>()
  .use(async (c, next) => {
    if (!isDevelopment(c.env)) throw new AppError("NOT_FOUND", "Not found.");
    await next();
  })
  .get("/", async (c) => {
    const to = c.req.query("to");
    const results = await c.var.db
      .select({
        id: mailOutbox.id,
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        text: mailOutbox.text,
        kind: mailOutbox.kind,
        created_at: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .where(to ? eq(mailOutbox.to, to.toLowerCase()) : undefined)
      .orderBy(desc(mailOutbox.createdAt))
      .limit(50);
    const items = results
      .map(
        (m) => `<article>
  <header><strong>${escapeHtml(m.subject)}</strong><br><small>To ${escapeHtml(m.to)} · ${new Date(m.created_at).toISOString()} · ${escapeHtml(m.kind)}</small></header>
  <pre>${linkify(m.text)}</pre>
</article>`,
      )
      .join("\n");
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Development mail</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color-scheme:light dark}article{border:1px solid #8884;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;word-break:break-all}</style>
</head><body><h1>Development mail</h1><p>Messages the app sent in development. Nothing here leaves this machine.</p>
${items || "<p>No messages yet.</p>"}</body></html>`);
  });
