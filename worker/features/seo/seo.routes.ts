import { and, asc, desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import type { HonoEnv } from "../../env";
import { publicOrigin } from "../../lib/auth";
import { communities } from "../../lib/tables";

/** One sitemap file holds at most this many addresses (the sitemaps protocol). */
const SITEMAP_MAX = 50_000;

const xmlEscape = (text: string) =>
  text.replace(/[<>&'"]/g, (ch) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[ch]!);

/**
 * What search engines read: robots.txt keeps them to the public pages (explore and the communities'
 * pages; everything else needs an account), and the sitemap lists the listed communities.
 */
export const seoRoutes = new Hono<HonoEnv>()
  .get("/robots.txt", (c) => {
    const origin = publicOrigin(c.env, c.req.raw);
    const body = [
      "User-agent: *",
      "Allow: /$",
      "Allow: /communities/",
      "Allow: /files/",
      "Disallow: /api/",
      "Disallow: /parties/",
      "Disallow: /dev/",
      "Disallow: /auth/",
      "Disallow: /communities/create",
      "Disallow: /communities/join-payment",
      "Disallow: /communities/subscription-selection",
      "",
      `Sitemap: ${origin}/sitemap.xml`,
      "",
    ].join("\n");
    return c.text(body, 200, { "cache-control": "public, max-age=3600" });
  })
  .get("/sitemap.xml", async (c) => {
    const origin = publicOrigin(c.env, c.req.raw);
    const rows = await c.var.db
      .select({ id: communities.id, updatedAt: communities.updatedAt })
      .from(communities)
      .where(and(eq(communities.reviewStatus, "approved"), eq(communities.archived, false)))
      .orderBy(desc(communities.membersCount), asc(communities.id))
      .limit(SITEMAP_MAX - 1);
    const url = (path: string, updatedAt?: number) =>
      `  <url><loc>${xmlEscape(`${origin}${path}`)}</loc>${updatedAt ? `<lastmod>${new Date(updatedAt).toISOString()}</lastmod>` : ""}</url>`;
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      url("/communities/explore"),
      ...rows.map((r) => url(`/communities/${encodeURIComponent(r.id)}`, r.updatedAt)),
      "</urlset>",
      "",
    ].join("\n");
    return c.body(body, 200, { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" });
  });
