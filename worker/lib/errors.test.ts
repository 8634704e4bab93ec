import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

describe("api basics", () => {
  it("answers unknown endpoints with the error envelope and security headers", async () => {
    const res = await exports.default.fetch("http://app.test/api/nope");
    expect(res.status).toBe(404);
    const body = (await res.json()) as { error: { code: string; requestId: string } };
    expect(body.error.code).toBe("NOT_FOUND");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });
});
