import type { Context, Hono, MiddlewareHandler } from "hono";
import type { z } from "zod";
import type { Endpoint, idempotencyHeaders } from "../../common/contract/http";
import type { HonoEnv } from "../env";
import { idempotencyKey } from "./idempotency";
import { validate } from "./validation";

/**
 * Routes registered from the contract's endpoints: a path and a method exist once, in
 * common/contract/, and the worker takes them from there (with the validation of what the endpoint
 * reads) instead of writing them again.
 */

type Out<S> = S extends z.core.$ZodType ? z.output<S> : never;
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- "nothing to read" in Hono's Input
type Part<Key extends string, S> = S extends undefined ? {} : { [K in Key]: Out<S> };

/** What a route's handler may read with `c.req.valid(...)`: exactly what its endpoint declares. */
type Valid<E extends Endpoint> = {
  out: Part<"param", E["params"]> &
    Part<"query", E["query"]> &
    Part<"json", E["body"]> &
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- as above
    (E["idempotent"] extends true ? { header: z.output<typeof idempotencyHeaders> } : {});
};

export type RouteContext<E extends Endpoint> = Context<HonoEnv, string, Valid<E>>;

export type Route = {
  endpoint: Endpoint;
  handler: (c: Context<HonoEnv>) => Response | Promise<Response>;
  /** Middleware of this route alone, run after the input's validation. */
  before: MiddlewareHandler<HonoEnv>[];
};

/** A handler for one endpoint of the contract. */
export function route<E extends Endpoint>(
  endpoint: E,
  handler: (c: RouteContext<E>) => Response | Promise<Response>,
  before: MiddlewareHandler<HonoEnv>[] = [],
): Route {
  return { endpoint, handler: handler as Route["handler"], before };
}

/**
 * Registers routes on the API app (mounted at /api) at their endpoint's method and path, with the
 * validation of the path parameters, the Idempotency-Key, the query and the JSON body, in that order,
 * each from the endpoint's own schema. Routes are matched in the order given.
 */
export function mount(app: Hono<HonoEnv>, routes: readonly Route[]): void {
  for (const { endpoint, handler, before } of routes) {
    // The validators' own input types are what `RouteContext` gives the handler.
    const checks = [
      endpoint.params && validate("param", endpoint.params as z.ZodType),
      endpoint.idempotent && idempotencyKey(),
      endpoint.query && validate("query", endpoint.query as z.ZodType),
      endpoint.body && validate("json", endpoint.body as z.ZodType),
    ].filter((check) => !!check) as unknown as MiddlewareHandler<HonoEnv>[];
    const handlers: MiddlewareHandler<HonoEnv>[] = [...checks, ...before, handler as MiddlewareHandler<HonoEnv>];
    app.on(endpoint.method, [endpoint.path.slice("/api".length)], ...(handlers as [MiddlewareHandler<HonoEnv>]));
  }
}
