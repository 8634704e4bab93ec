import type { Context } from "hono";
import { z } from "zod";
import type { Endpoint } from "../../common/contract/http";

/**
 * The one way a route answers: `data` must have the shape the contract gives the endpoint (checked by
 * the compiler), and the body is what the contract's schema makes of it, so a field the contract does not
 * name never leaves the worker. The status is the endpoint's own.
 */
export function respond<E extends Endpoint>(c: Context, endpoint: E, data: z.input<E["response"]>): Response {
  return c.json(z.parse(endpoint.response, data) as object, endpoint.status);
}
