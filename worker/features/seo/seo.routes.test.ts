import { describe, expect, it } from "vitest";
import { call, createCommunity, createUser } from "../../../tests/factories";

describe("robots.txt and the sitemap", () => {
  it("point crawlers at the public pages and the sitemap", async () => {
    const res = await call("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toContain("Disallow: /api/");
    expect(text).toMatch(/^Sitemap: http:\/\/app\.test\/sitemap\.xml$/m);
  });

  it("list listed communities only", async () => {
    const owner = await createUser();
    const listed = await createCommunity(owner.user.id);
    const review = await createCommunity(owner.user.id, { reviewStatus: "under_review" });
    const archived = await createCommunity(owner.user.id, { archived: true });
    const res = await call("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toContain("<loc>http://app.test/communities/explore</loc>");
    expect(xml).toContain(`<loc>http://app.test/communities/${listed.id}</loc>`);
    expect(xml).not.toContain(review.id);
    expect(xml).not.toContain(archived.id);
  });
});
