import { describe, expect, it } from "vitest";
import { toEnvelope } from "./pass-through";

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

async function envelope(response: Response) {
  const res = await toEnvelope("req-1", response);
  return { status: res.status, headers: res.headers, body: (await res.json()) as unknown };
}

describe("better-auth's answers in the error envelope", () => {
  it("turns its shape errors into 422 VALIDATION_FAILED with field issues", async () => {
    const res = await envelope(
      json(400, {
        code: "VALIDATION_ERROR",
        message: "[body.email] Invalid email; [query.token] Required; [body] Expected object",
      }),
    );
    expect(res).toMatchObject({
      status: 422,
      body: {
        error: {
          code: "VALIDATION_FAILED",
          requestId: "req-1",
          issues: [
            { path: "email", message: "Invalid email" },
            { path: "token", message: "Required" },
            { path: "(root)", message: "Expected object" },
          ],
        },
      },
    });
  });

  it("keeps its own codes and messages", async () => {
    const res = await envelope(json(401, { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" }));
    expect(res).toMatchObject({
      status: 401,
      body: { error: { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password", requestId: "req-1" } },
    });
  });

  it.each([
    [new Response(null, { status: 500 }), 500, "INTERNAL"],
    [new Response("Internal Server Error", { status: 503, headers: { "content-type": "text/plain" } }), 500, "INTERNAL"],
    [json(500, { code: "FAILED_TO_CREATE_USER", message: "UNIQUE constraint failed: users.email" }), 500, "INTERNAL"],
    [new Response(null, { status: 404, statusText: "Not Found" }), 404, "NOT_FOUND"],
    [new Response("", { status: 429 }), 429, "RATE_LIMITED"],
    [new Response("nope", { status: 418 }), 418, "BAD_REQUEST"],
  ] as const)("gives a bodiless or foreign error (%#) a code and a message, never internals", async (response, status, code) => {
    const res = await envelope(response);
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toContain("application/json");
    const { error } = res.body as { error: { code: string; message: string; requestId: string } };
    expect(error).toMatchObject({ code, requestId: "req-1" });
    expect(error.message).toBeTruthy();
    expect(error.message).not.toMatch(/UNIQUE|users\./);
  });

  it("takes the session token out of a successful answer's body, keeping its cookies", async () => {
    const signedIn = await toEnvelope(
      "req-1",
      json(200, { redirect: false, token: "secret", user: { id: "u" } }, { "set-cookie": "s=secret" }),
    );
    expect(await signedIn.json()).toEqual({ redirect: false, user: { id: "u" } });
    expect(signedIn.headers.getSetCookie()).toEqual(["s=secret"]);
  });

  it("keeps the cookies of an error answer, and leaves other answers alone", async () => {
    const failed = await toEnvelope(
      "req-1",
      json(403, { code: "EMAIL_NOT_VERIFIED", message: "Email not verified" }, { "set-cookie": "a=; Max-Age=0" }),
    );
    expect(failed.headers.getSetCookie()).toEqual(["a=; Max-Age=0"]);
    const ok = await toEnvelope("req-1", json(200, { status: true }, { "set-cookie": "b=1" }));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: true });
    expect(ok.headers.getSetCookie()).toEqual(["b=1"]);
    const redirect = new Response(null, { status: 302, headers: { location: "/auth/complete-profile" } });
    expect(await toEnvelope("req-1", redirect)).toBe(redirect);
  });
});
