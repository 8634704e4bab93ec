import { afterEach, describe, expect, it, vi } from "vitest";
import { api, ApiError, buildUrl, errorFromBody, NETWORK_ERROR } from "./api";

afterEach(() => vi.unstubAllGlobals());

describe("errorFromBody", () => {
  it("reads the API's error envelope, issues included", () => {
    const err = errorFromBody(422, {
      error: {
        code: "VALIDATION_FAILED",
        message: "Check the form",
        requestId: "req-1",
        issues: [{ path: "email", message: "Invalid email" }],
      },
    });
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 422, code: "VALIDATION_FAILED", message: "Check the form", requestId: "req-1" });
    expect(err.issues).toEqual([{ path: "email", message: "Invalid email" }]);
  });

  it("reads better-auth's bare { code, message }", () => {
    expect(errorFromBody(403, { code: "EMAIL_NOT_VERIFIED", message: "Email not verified" })).toMatchObject({
      status: 403,
      code: "EMAIL_NOT_VERIFIED",
      message: "Email not verified",
    });
  });

  it("falls back to the status when the body says nothing", () => {
    expect(errorFromBody(502, undefined, "Bad Gateway")).toMatchObject({ code: "HTTP_502", message: "Bad Gateway" });
  });
});

describe("request", () => {
  it("sends JSON with same-origin credentials and parses the answer", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    await expect(api.post("/api/thing", { a: 1 }, { query: { q: "x y", skip: undefined } })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/thing?q=x+y");
    expect(init).toMatchObject({ method: "POST", credentials: "same-origin", body: '{"a":1}' });
    expect((init.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
  });

  it("throws ApiError for error statuses", async () => {
    vi.stubGlobal(
      "fetch",
      async () =>
        new Response(JSON.stringify({ error: { code: "NOT_FOUND", message: "No such API endpoint.", requestId: "r" } }), {
          status: 404,
        }),
    );
    await expect(api.get("/api/nope")).rejects.toMatchObject({ status: 404, code: "NOT_FOUND" });
  });

  it("turns a network failure into a NETWORK_ERROR ApiError", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(api.get("/api/me")).rejects.toMatchObject({ status: 0, code: NETWORK_ERROR });
  });

  it("skips empty query values", () => {
    expect(buildUrl("/api/search", { q: "a", communityId: null })).toBe("/api/search?q=a");
  });
});
