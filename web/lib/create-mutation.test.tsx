import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { call, isApiError } from "./api";
import { useCreateMutation } from "./create-mutation";
import { createQueryClient } from "./query-client";

afterEach(() => vi.unstubAllGlobals());

/** A server whose answers are scripted per request; records each request's Idempotency-Key. */
function server(...answers: (() => Response)[]) {
  const keys: (string | undefined)[] = [];
  vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
    keys.push((init.headers as Record<string, string>)["Idempotency-Key"]);
    const next = answers.shift();
    if (!next) throw new Error("no answer scripted");
    return next();
  });
  return keys;
}
const lost = () => {
  throw new TypeError("Failed to fetch");
};
const created = (id: string) => () => new Response(JSON.stringify({ reportId: id }), { status: 201 });
const refused = () =>
  new Response(JSON.stringify({ error: { code: "CONFLICT", message: "You have already reported this.", requestId: "r" } }), {
    status: 409,
  });

function useReport() {
  return useCreateMutation({
    mutationFn: ({ reason }: { reason: string }, idempotencyKey) =>
      call("POST /api/posts/:postId/report", { params: { postId: "p1" }, body: { reason }, idempotencyKey }),
    retryDelay: 0,
  });
}

function setup() {
  const qc = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
  return renderHook(() => useReport(), { wrapper }).result;
}

describe("a create", () => {
  it("retries a lost answer with the same Idempotency-Key", async () => {
    const keys = server(lost, lost, created("r1"));
    const result = setup();
    await act(async () => {
      await expect(result.current.mutateAsync({ reason: "spam" })).resolves.toEqual({ reportId: "r1" });
    });
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(new Set(keys).size).toBe(1);
  });

  it("sends a new key for the next action", async () => {
    const keys = server(created("r1"), created("r2"));
    const result = setup();
    await act(async () => {
      await result.current.mutateAsync({ reason: "spam" });
      await result.current.mutateAsync({ reason: "spam" });
    });
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it("does not retry a refusal", async () => {
    const keys = server(refused);
    const result = setup();
    await act(async () => {
      await expect(result.current.mutateAsync({ reason: "spam" })).rejects.toSatisfy((e) => isApiError(e, 409));
    });
    expect(keys).toHaveLength(1);
  });
});
