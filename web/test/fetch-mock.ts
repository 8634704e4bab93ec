import { vi } from "vitest";

type Handler = (request: { method: string; url: URL; body: unknown }) => { status?: number; body?: unknown } | undefined;

export type FetchCall = { method: string; path: string; search: string; body: unknown };

/**
 * A tiny fake server for component tests: routes are "METHOD /path" keys; anything unrouted answers
 * 404 in the API's error envelope, like an endpoint that does not exist yet.
 */
export function mockFetch(routes: Record<string, Handler | { status?: number; body?: unknown }>) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === "string" ? input : input.toString(), "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, search: url.search, body });
    const route = routes[`${method} ${url.pathname}`];
    const answer = typeof route === "function" ? route({ method, url, body }) : route;
    const status = answer?.status ?? (answer ? 200 : 404);
    const payload = answer ? answer.body : { error: { code: "NOT_FOUND", message: "No such API endpoint.", requestId: "test" } };
    return new Response(payload === undefined ? null : JSON.stringify(payload), {
      status,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls, fetchMock };
}

export const anaUser = {
  id: "u_ana",
  email: "ana@example.com",
  fullName: "Ana Kapanadze",
  avatarUrl: null,
  emailVerified: true,
  platformRole: null,
  language: "en" as const,
};

export function community(overrides: Partial<Record<string, unknown>> = {}) {
  return {
    id: "c_1",
    name: "Supra Photography Club",
    imageUrls: [],
    role: "member",
    isCreator: false,
    archived: false,
    reviewStatus: "approved",
    canEdit: false,
    canManage: false,
    ...overrides,
  };
}
