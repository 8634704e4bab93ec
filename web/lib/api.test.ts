import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, buildUrl, call, errorFromBody, NETWORK_ERROR, request } from "./api";

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
    await expect(request("POST", "/api/thing", { body: { a: 1 }, query: { q: "x y", skip: undefined } })).resolves.toEqual({
      ok: true,
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/thing?q=x+y");
    expect(init).toMatchObject({ method: "POST", credentials: "same-origin", body: '{"a":1}' });
    expect((init.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
  });

  it("asks for the language the app is shown in, and none it does not speak", async () => {
    const fetchMock = vi.fn(async () => new Response("{}", { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    const sentLanguage = () =>
      ((fetchMock.mock.calls.at(-1) as unknown as [string, RequestInit])[1].headers as Record<string, string>)["Accept-Language"];
    try {
      document.documentElement.lang = "ka";
      await request("GET", "/api/thing");
      expect(sentLanguage()).toBe("ka");
      document.documentElement.lang = "ru";
      await call("GET /api/me");
      expect(sentLanguage()).toBe("ru");
      document.documentElement.lang = "de";
      await request("GET", "/api/thing");
      expect(sentLanguage()).toBeUndefined();
    } finally {
      document.documentElement.lang = "";
    }
  });

  it("throws ApiError for error statuses", async () => {
    vi.stubGlobal(
      "fetch",
      async () =>
        new Response(JSON.stringify({ error: { code: "NOT_FOUND", message: "No such API endpoint.", requestId: "r" } }), {
          status: 404,
        }),
    );
    await expect(request("GET", "/api/nope")).rejects.toMatchObject({ status: 404, code: "NOT_FOUND" });
  });

  it("turns a network failure into a NETWORK_ERROR ApiError", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(call("GET /api/me")).rejects.toMatchObject({ status: 0, code: NETWORK_ERROR });
  });

  it("skips empty query values", () => {
    expect(buildUrl("/api/search", { q: "a", communityId: null })).toBe("/api/search?q=a");
  });
});

describe("call", () => {
  function answer(body: unknown, status = 200) {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
    vi.stubGlobal("fetch", fetchMock);
    return () => fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  }

  it("fills and encodes path parameters and sends the query, leaving out nulls", async () => {
    const sent = answer({ items: [], nextCursor: null });
    await call("GET /api/communities/:id/posts", { params: { id: "a/b c" }, query: { topicId: null, limit: 10 } });
    const [url, init] = sent();
    expect(url).toBe("/api/communities/a%2Fb%20c/posts?limit=10");
    expect(init).toMatchObject({ method: "GET", body: undefined });
  });

  it("sends the body of a write, and {} when it has none", async () => {
    let sent = answer({ reportId: "r1" }, 201);
    await expect(
      call("POST /api/posts/:postId/report", { params: { postId: "p1" }, body: { reason: "spam" }, idempotencyKey: "k-1" }),
    ).resolves.toEqual({ reportId: "r1" });
    expect(sent()[1]).toMatchObject({ method: "POST", body: '{"reason":"spam"}' });
    expect((sent()[1].headers as Record<string, string>)["Idempotency-Key"]).toBe("k-1");
    sent = answer({ postId: "p1", pinned: true });
    await call("POST /api/posts/:postId/pin", { params: { postId: "p1" } });
    expect(sent()[1]).toMatchObject({ method: "POST", body: "{}" });
    sent = answer({ ok: true });
    await call("DELETE /api/posts/:postId", { params: { postId: "p1" } });
    expect(sent()[1]).toMatchObject({ method: "DELETE", body: undefined });
  });
});
