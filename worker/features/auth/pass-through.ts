import type { Context } from "hono";
import type { ErrorBody, ErrorCode, FieldIssue } from "../../../common/contract/http";
import type { HonoEnv } from "../../env";
import { createAuth } from "../../lib/auth";
import { errorStatus } from "../../lib/errors";

/**
 * Hands a request to better-auth with only what our validation made of it: the JSON body and the
 * query string are rebuilt from the validated values, so better-auth never sees input we did not check.
 * Its answer comes back unchanged, except that errors are rewritten into the one error envelope and
 * the session token is taken out of JSON answers: it belongs in the HttpOnly cookie only, out of
 * reach of any script on the page.
 */
export async function forward(
  c: Context<HonoEnv>,
  input: { body?: object; query?: Record<string, string | undefined> } = {},
): Promise<Response> {
  // The original body, if any was left unread, is released by the app's releaseUnreadBody middleware.
  const original = c.req.raw;
  const url = new URL(original.url);
  url.search = "";
  for (const [name, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, value);
  }
  const headers = new Headers(original.headers);
  headers.delete("content-length");
  headers.delete("content-type");
  if (input.body) headers.set("content-type", "application/json");
  const request = new Request(url, {
    method: original.method,
    headers,
    body: input.body ? JSON.stringify(input.body) : undefined,
  });
  const response = await createAuth(c.env, c.var.db, original).handler(request);
  return toEnvelope(c.get("requestId"), response);
}

const VALIDATION_ERROR = "VALIDATION_ERROR";

/** Our code for a status better-auth answered without one of its own. */
function codeFor(status: number): ErrorCode {
  const match = Object.entries(errorStatus).find(([, s]) => s === status);
  return (match?.[0] as ErrorCode | undefined) ?? "BAD_REQUEST";
}

/** better-auth's validation message lists its issues as "[body.email] Invalid email; [query.token] ...". */
function issuesOf(message: string): FieldIssue[] {
  return [...message.matchAll(/\[(?:body|query|params)\.?([^\]]*)\] ([^;]*)/g)].map(([, path, text]) => ({
    path: path || "(root)",
    message: text!.trim(),
  }));
}

/**
 * better-auth's error answers in the one envelope: its own codes (INVALID_EMAIL_OR_PASSWORD,
 * EMAIL_NOT_VERIFIED, ...) pass through, its shape errors become our 422 VALIDATION_FAILED, bodiless
 * errors get the code of their status and a 5xx is never explained. Other answers pass unchanged.
 */
export async function toEnvelope(requestId: string, response: Response): Promise<Response> {
  if (response.status < 400) return withoutToken(response);
  const raw = (await response.json().catch(() => ({}))) as { code?: unknown; message?: unknown };
  const code = typeof raw.code === "string" && raw.code ? raw.code : undefined;
  const message = typeof raw.message === "string" && raw.message ? raw.message : undefined;
  let status = response.status;
  let error: ErrorBody["error"];
  if (status >= 500) {
    status = errorStatus.INTERNAL;
    error = { code: "INTERNAL", message: "Something went wrong on our side. Please try again.", requestId };
  } else if (code === VALIDATION_ERROR) {
    status = errorStatus.VALIDATION_FAILED;
    error = { code: "VALIDATION_FAILED", message: "Some fields are not valid.", requestId, issues: issuesOf(message ?? "") };
  } else {
    error = { code: code ?? codeFor(status), message: message ?? "The request could not be completed.", requestId };
  }
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  return new Response(JSON.stringify({ error } satisfies ErrorBody), { status, headers });
}

/** A JSON answer without better-auth's `token` field (sign-in and sign-up put the session token there). */
async function withoutToken(response: Response): Promise<Response> {
  if (!(response.headers.get("content-type") ?? "").includes("json")) return response;
  const body = (await response.json().catch(() => null)) as unknown;
  if (body && typeof body === "object" && "token" in body) delete (body as { token?: unknown }).token;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(body), { status: response.status, headers });
}
