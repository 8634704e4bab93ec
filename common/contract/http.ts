import { z } from "zod";
import { IDEMPOTENCY_KEY_MAX } from "./limits";
import { languages } from "./enums";
import type { Method, PathParams, RouteOf } from "./route";

/** A field-level problem, e.g. `{ path: "email", message: "Invalid email" }`. */
export const fieldIssue = z.object({ path: z.string(), message: z.string() });
export type FieldIssue = z.output<typeof fieldIssue>;

/** Every error the API answers with; the status follows from the code (worker/lib/errors.ts). */
export const errorCodes = [
  "BAD_REQUEST",
  "VALIDATION_FAILED",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "ALREADY_MEMBER",
  "NOT_AVAILABLE",
  "READ_ONLY",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "RATE_LIMITED",
  "INTERNAL",
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** The one error envelope. `code` stays a string: better-auth's own codes pass through it too. */
export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    requestId: z.string(),
    issues: z.array(fieldIssue).optional(),
  }),
});
export type ErrorBody = z.output<typeof errorBody>;

/**
 * Any schema. Generics are bound by zod's core type, not the classic `z.ZodType`: checking a schema
 * against the classic class costs the compiler some 80,000 instantiations, in every project.
 */
export type Schema<O = unknown> = z.core.$ZodType<O>;

/** A keyset page: the items and the opaque cursor of the next page (null on the last one). */
export function page<T extends Schema>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}
export type Page<T> = z.output<ReturnType<typeof page<Schema<T>>>>;

export const ok = z.object({ ok: z.literal(true) });

export type Endpoint<
  R extends string = string,
  Params extends Schema | undefined = Schema | undefined,
  Query extends Schema | undefined = Schema | undefined,
  Body extends Schema | undefined = Schema | undefined,
  Response extends Schema = Schema,
  Status extends 200 | 201 = 200 | 201,
  Idempotent extends boolean = boolean,
> = {
  route: R;
  method: Method;
  path: string;
  /** Path parameters as the worker validates them; without it each is a plain string. */
  params: Params;
  query: Query;
  body: Body;
  response: Response;
  status: Status;
  /** A create that takes an Idempotency-Key header, so a client's retry is stored once. */
  idempotent: Idempotent;
};

type Spec<Params, Query, Body, Response, Status, Idempotent> = {
  params?: Params;
  query?: Query;
  body?: Body;
  response: Response;
  status?: Status;
  idempotent?: Idempotent;
};

/**
 * One endpoint of the API: its route, the schemas of what it reads (validated by the worker) and the
 * schema of what it answers (the worker serialises through it, the web derives its types from it).
 */
export function endpoint<
  const M extends Method,
  const P extends `/api/${string}`,
  Response extends Schema,
  Params extends Schema<Record<PathParams<P>, string>> | undefined = undefined,
  Query extends Schema | undefined = undefined,
  Body extends Schema | undefined = undefined,
  Status extends 200 | 201 = 200,
  const Idempotent extends boolean = false,
>(method: M, path: P, spec: Spec<Params, Query, Body, Response, Status, Idempotent>) {
  return {
    route: `${method} ${path}` as RouteOf<M, P>,
    method,
    path,
    params: spec.params as Params,
    query: spec.query as Query,
    body: spec.body as Body,
    response: spec.response,
    status: (spec.status ?? 200) as Status,
    idempotent: (spec.idempotent ?? false) as Idempotent,
  } satisfies Endpoint;
}

/**
 * The headers of an idempotent endpoint: the client's own id for one create (e.g. a UUID), sent again
 * unchanged by every retry of it. Optional: without it a request is simply not deduplicated.
 */
export const idempotencyHeaders = z.object({
  "idempotency-key": z
    .string()
    .regex(
      new RegExp(`^[A-Za-z0-9_-]{1,${IDEMPOTENCY_KEY_MAX}}$`),
      `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX} letters, digits, hyphens or underscores`,
    )
    .optional(),
});

/** Ids in paths and queries. */
export const idParam = z.string().min(1).max(64, "Invalid id");

/** One of the languages the app speaks. */
export const language = z.enum(languages, { error: `Language must be one of ${languages.join(", ")}` });

/** The opaque keyset cursor of a page. */
export const cursorParam = z.string().max(200, "Invalid cursor").optional();

/** A page size from the query string, `fallback` when absent. */
export const limitParam = (max: number, fallback: number) =>
  z.coerce
    .number({ error: "Limit must be a number" })
    .int("Limit must be a whole number")
    .min(1, "Limit must be at least 1")
    .max(max, `Limit must be at most ${max}`)
    .default(fallback);
