import type { Context, Env, Input, MiddlewareHandler, ValidationTargets } from "hono";
import { validator } from "hono/validator";
import type { z } from "zod";
import type { FieldIssue } from "../../common/contract/http";
import { AppError } from "./errors";

export function toFieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join(".") || "(root)",
    message: issue.message,
  }));
}

/** Header names arrive lowercased, so a header schema names them in lower case. */
type Target = keyof Pick<ValidationTargets, "json" | "query" | "param" | "form" | "header">;

/** The largest JSON body a route reads: far above any form of ours (a post is 10,000 characters). */
export const MAX_JSON_BYTES = 256 * 1024;

const isJson = (contentType: string | undefined) =>
  !!contentType && /^application\/([a-z0-9.+-]+\+)?json\s*(;|$)/i.test(contentType);

/**
 * A JSON route's body, read by us rather than as a validator that takes any other content type (a form,
 * a multipart upload, nothing at all) for `{}`: that would run the route with every optional field
 * left out (an empty POST made a never-expiring, unlimited invite link). A missing body is a 422, any
 * other content type a 415, more than MAX_JSON_BYTES a 413 (read no further), malformed JSON a 400.
 */
async function readJsonBody(request: Request): Promise<unknown> {
  const length = request.headers.get("content-length");
  if (!request.body || length === "0") {
    throw new AppError("VALIDATION_FAILED", "The request body is missing: send a JSON object.", {
      issues: [{ path: "(root)", message: "Required" }],
    });
  }
  if (!isJson(request.headers.get("content-type") ?? undefined)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the request body as JSON (Content-Type: application/json).");
  }
  const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", `The request body is too large: at most ${MAX_JSON_BYTES / 1024} KB.`);
  if (length !== null && Number(length) > MAX_JSON_BYTES) throw tooLarge();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_JSON_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  const text = new TextDecoder().decode(bytes);
  if (text.trim() === "") {
    throw new AppError("VALIDATION_FAILED", "The request body is missing: send a JSON object.", {
      issues: [{ path: "(root)", message: "Required" }],
    });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError("BAD_REQUEST", "The request body must be JSON.");
  }
}

/**
 * The one way routes read input: parse `target` with `schema`; a malformed body is a 400,
 * a body of the wrong shape a 422 with field issues. Nothing runs past a failed parse.
 */
export function validate<T extends Target, S extends z.ZodType, E extends Env = Env, P extends string = string>(
  target: T,
  schema: S,
): MiddlewareHandler<
  E,
  P,
  {
    in: { [K in T]: z.input<S> };
    out: { [K in T]: z.output<S> };
  } & Input
> {
  const parse = async (value: unknown) => {
    const result = await schema.safeParseAsync(value);
    if (!result.success) {
      throw new AppError("VALIDATION_FAILED", "Some fields are not valid.", { issues: toFieldIssues(result.error) });
    }
    return result.data as unknown;
  };
  if (target === "json") {
    return (async (c: Context, next: () => Promise<void>) => {
      c.req.addValidatedData("json", (await parse(await readJsonBody(c.req.raw))) as object);
      await next();
    }) as never;
  }
  return validator(target, (value) => parse(value)) as never;
}
