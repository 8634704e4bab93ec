import { Hono, type Context } from "hono";
import { requestPasswordResetBody, resetPasswordBody, signInBody, signUpBody } from "../../../common/contract/auth";
import type { HonoEnv } from "../../env";
import { createAuth, publicOrigin } from "../../lib/auth";
import type { ErrorBody } from "../../../common/contract/http";
import { AppError } from "../../lib/errors";
import { rateLimitByIp, rateLimitRules } from "../../lib/rate-limit";
import { validate } from "../../lib/validation";

/**
 * better-auth behind our own front door: bodies are validated here (so bad input gets the same
 * 400/422 envelope as every route), limits are counted here, and better-auth's error answers are
 * rewritten into the one error envelope.
 */
async function forward(c: Context<HonoEnv>, body?: unknown): Promise<Response> {
  const original = c.req.raw;
  let init: RequestInit = { method: original.method, headers: original.headers };
  if (body !== undefined) {
    const headers = new Headers(original.headers);
    headers.set("content-type", "application/json");
    init = { method: original.method, headers, body: JSON.stringify(body) };
  } else if (original.method !== "GET" && original.method !== "HEAD") {
    const text = await original.text();
    if (text && (original.headers.get("content-type") ?? "").includes("json")) {
      try {
        JSON.parse(text);
      } catch {
        throw new AppError("BAD_REQUEST", "The request body is not valid JSON.");
      }
    }
    init = { method: original.method, headers: original.headers, body: text || undefined };
  }
  const response = await createAuth(c.env, c.var.db, original).handler(new Request(original.url, init));
  return toEnvelope(c, response);
}

async function toEnvelope(c: Context<HonoEnv>, response: Response): Promise<Response> {
  if (response.status < 400 || !(response.headers.get("content-type") ?? "").includes("json")) return response;
  const raw = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  const status = response.status >= 500 ? 500 : response.status;
  const body: ErrorBody = {
    error: {
      code: raw.code ?? (status === 500 ? "INTERNAL" : "BAD_REQUEST"),
      message: status === 500 ? "Something went wrong on our side. Please try again." : (raw.message ?? "Request failed."),
      requestId: c.get("requestId"),
    },
  };
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(body), { status, headers });
}

export const authRoutes = new Hono<HonoEnv>()
  .post("/sign-up/email", rateLimitByIp(rateLimitRules.signUp), validate("json", signUpBody), (c) =>
    forward(c, c.req.valid("json")),
  )
  .post("/sign-in/email", rateLimitByIp(rateLimitRules.signIn), validate("json", signInBody), (c) =>
    forward(c, c.req.valid("json")),
  )
  .post(
    "/request-password-reset",
    rateLimitByIp(rateLimitRules.passwordReset),
    validate("json", requestPasswordResetBody),
    (c) => {
      const body = c.req.valid("json");
      // Reset links only ever point at our own reset page.
      const redirectTo = `${publicOrigin(c.env, c.req.raw)}/auth/reset-password`;
      return forward(c, { email: body.email, redirectTo });
    },
  )
  .post("/reset-password", rateLimitByIp(rateLimitRules.passwordReset), validate("json", resetPasswordBody), (c) =>
    forward(c, c.req.valid("json")),
  )
  .all("/*", (c) => forward(c));
