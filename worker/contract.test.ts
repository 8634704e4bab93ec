import { inspectRoutes } from "hono/dev";
import { describe, expect, it } from "vitest";
import { endpoints } from "../common/contract";
import { communities } from "../common/contract/communities";
import { feed } from "../common/contract/feed";
import { me } from "../common/contract/me";
import { notifications } from "../common/contract/notifications";
import { call, createCommunity, createUser } from "../tests/factories";
import app from "./app";

const catchAll = { code: "NOT_FOUND", message: "No such API endpoint." };

/** The worker's own /api routes (middleware and the 404 catch-all aside), as "METHOD /path". */
const workerRoutes = [
  ...new Set(
    app.routes
      .filter((r) => r.method !== "ALL" && r.path.startsWith("/api/") && !r.path.includes("*"))
      .map((r) => `${r.method} ${r.path}`),
  ),
];

async function json(res: Response) {
  return (await res.json()) as unknown;
}

describe("the contract and the worker's routes", () => {
  it("name each endpoint once", () => {
    const routes = endpoints.map((e) => e.route);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it("the catch-all answers an unknown endpoint (so the next test can tell)", async () => {
    const res = await call("/api/no-such-thing/x");
    expect(res.status).toBe(404);
    expect(await json(res)).toMatchObject({ error: catchAll });
  });

  it("every endpoint of the contract is a real route, signed out", async () => {
    const missing: string[] = [];
    for (const endpoint of endpoints) {
      const path = endpoint.path.replace(/:\w+/g, "dummy-id");
      const res = await call(path, {
        method: endpoint.method,
        body: endpoint.method === "GET" || endpoint.method === "DELETE" ? undefined : {},
      });
      const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
      if (res.status === 404 && body?.error?.message === catchAll.message) missing.push(endpoint.route);
    }
    expect(missing).toEqual([]);
  });

  it("the endpoints marked idempotent, and only those, read the Idempotency-Key header", async () => {
    const reading: string[] = [];
    for (const endpoint of endpoints.filter((e) => e.method !== "GET")) {
      const res = await call(endpoint.path.replace(/:\w+/g, "dummy-id"), {
        method: endpoint.method,
        body: endpoint.method === "DELETE" ? undefined : {},
        headers: { "idempotency-key": "not a key" },
      });
      const body = (await res.json().catch(() => null)) as { error?: { issues?: { path: string }[] } } | null;
      if (body?.error?.issues?.some((i) => i.path === "idempotency-key")) reading.push(endpoint.route);
    }
    expect(reading.sort()).toEqual(
      endpoints
        .filter((e) => e.idempotent)
        .map((e) => e.route)
        .sort(),
    );
    expect(reading.length).toBe(8);
  });

  it("every endpoint of the contract is registered once, at its own method and path", () => {
    // A route's validators and guards are middleware; its handler, the one that answers, is registered once.
    const handlers = new Map<string, number>();
    for (const r of inspectRoutes(app)) {
      if (r.isMiddleware) continue;
      const route = `${r.method} ${r.path}`;
      handlers.set(route, (handlers.get(route) ?? 0) + 1);
    }
    const wrong = endpoints
      .map((e) => ({ route: e.route, count: handlers.get(e.route) ?? 0 }))
      .filter(({ count }) => count !== 1)
      .map(({ route, count }) => `${route}: registered ${count} times`);
    expect(wrong).toEqual([]);
  });

  it("every route of the worker is in the contract", () => {
    const named = new Set<string>(endpoints.map((e) => e.route));
    expect(workerRoutes.length).toBeGreaterThan(30);
    expect(workerRoutes.filter((route) => !named.has(route))).toEqual([]);
  });
});

/** The answer parses with the contract's schema and has nothing the schema does not name. */
function expectContractShape(schema: { parse: (v: unknown) => unknown }, body: unknown) {
  expect(schema.parse(body)).toEqual(body);
}

describe("real answers have the contract's shape", () => {
  it("feed page, post, comments, community detail, explore, me and notifications", async () => {
    const owner = await createUser({ name: "Owner Olga" });
    const member = await createUser({ name: "Member Mate" });
    const community = await createCommunity(owner.user.id);
    await call(`/api/communities/${community.id}/join`, { method: "POST", body: {}, cookie: member.cookie });

    const created = await call(`/api/communities/${community.id}/posts`, {
      body: { headline: "Hello", content: "First post" },
      cookie: owner.cookie,
    });
    expect(created.status).toBe(feed.createPost.status);
    const { post } = feed.createPost.response.parse(await json(created));
    expect((await call(`/api/posts/${post.id}/like`, { method: "POST", body: {}, cookie: member.cookie })).status).toBe(200);

    const page = await call(`/api/communities/${community.id}/posts`, { cookie: owner.cookie });
    expect(page.status).toBe(200);
    const pageBody = await json(page);
    expectContractShape(feed.listPosts.response, pageBody);
    expect(feed.listPosts.response.parse(pageBody).items.map((p) => p.id)).toEqual([post.id]);

    const detail = await call(`/api/posts/${post.id}`, { cookie: member.cookie });
    expect(detail.status).toBe(200);
    expectContractShape(feed.getPost.response, await json(detail));

    const view = await call(`/api/communities/${community.id}`, { cookie: member.cookie });
    expect(view.status).toBe(200);
    expectContractShape(communities.get.response, await json(view));

    const comment = await call(`/api/posts/${post.id}/comments`, { body: { content: "Nice" }, cookie: member.cookie });
    expect(comment.status).toBe(feed.createComment.status);
    const comments = await call(`/api/posts/${post.id}/comments`, { cookie: owner.cookie });
    expectContractShape(feed.listComments.response, await json(comments));

    const explore = await call("/api/communities?sort=newest", { cookie: member.cookie });
    expect(explore.status).toBe(200);
    expectContractShape(communities.explore.response, await json(explore));

    expectContractShape(me.get.response, await json(await call("/api/me", { cookie: member.cookie })));
    expectContractShape(me.communities.response, await json(await call("/api/me/communities", { cookie: member.cookie })));

    const list = await call("/api/notifications", { cookie: owner.cookie });
    expect(list.status).toBe(200);
    const listBody = await json(list);
    expectContractShape(notifications.list.response, listBody);
    expect(notifications.list.response.parse(listBody).items.map((n) => n.type)).toContain("POST_LIKE");
  });
});
