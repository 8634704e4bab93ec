import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import app from "../app";

const ORIGIN = "http://localhost:5173";
const ctx = { waitUntil: () => undefined, passThroughOnException: () => undefined, props: {} } as unknown as ExecutionContext;

/** A request whose body the worker does not need is still consumed before the answer is complete. */
describe("unread request bodies", () => {
  it.each([
    ["refused before the body is parsed", "/api/posts/x/like", 401],
    ["an unknown API path", "/api/no-such-endpoint", 404],
    ["a path outside the API", "/files/nothing", 404],
  ])("are released: %s", async (_, path, status) => {
    const request = new Request(`${ORIGIN}${path}`, {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/json", "cf-connecting-ip": "10.201.0.1" },
      body: JSON.stringify({ padding: "x".repeat(200_000) }),
    });
    const res = await app.fetch(request, env, ctx);
    expect(res.status).toBe(status);
    expect(request.bodyUsed).toBe(true);
  });
});
