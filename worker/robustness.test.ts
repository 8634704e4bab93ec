import { describe, expect, it } from "vitest";
import app from "./app";
import { call, createCommunity, createUser } from "../tests/factories";

/**
 * Every route, fed bad input: malformed JSON, wrong shapes, odd params and queries, signed in and out.
 * Whatever the route does with it, the answer is a 4xx with the error envelope, never a 500.
 */
const routes = app.routes
  .filter((r) => r.method !== "ALL" && r.path.startsWith("/api/") && !r.path.includes("*"))
  .map((r) => ({ method: r.method, path: r.path }))
  .filter((r, i, all) => all.findIndex((o) => o.method === r.method && o.path === r.path) === i);

const bodies = [
  "{",
  "[]",
  "null",
  '"text"',
  '{"content": {"nested": true}, "name": [1], "email": 5, "reason": null}',
  "x".repeat(5000),
];
const queries = ["", "?limit=-1&cursor=%ff%fe&sort=__proto__&q=%00", "?limit=1e9&communityId=" + "a".repeat(300)];

describe("bad input never gets a 500", () => {
  it("finds the routes", () => {
    expect(routes.length).toBeGreaterThan(30);
  });

  it("on every route, signed in and out", async () => {
    const me = await createUser();
    const community = await createCommunity(me.user.id);
    const failures: string[] = [];
    for (const route of routes) {
      for (const param of [community.id, "%E0%A4%A", "x".repeat(100)]) {
        const path = route.path.replace(/:[A-Za-z]+/g, param);
        for (const cookie of [undefined, me.cookie]) {
          for (const query of queries) {
            const sends = route.method === "GET" ? [undefined] : bodies;
            for (const rawBody of sends) {
              const res = await call(`${path}${query}`, { method: route.method, rawBody, cookie, ip: "10.200.0.1" });
              if (res.status >= 500)
                failures.push(`${route.method} ${path}${query} body=${rawBody?.slice(0, 20)} -> ${res.status}`);
              if (res.status >= 400 && res.status !== 429) {
                const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
                if (!body?.error?.code || !body.error.message)
                  failures.push(`${route.method} ${path}: no error envelope (${res.status})`);
              } else {
                await res.body?.cancel();
              }
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
