import type { Context } from "hono";
import type { HonoEnv } from "../../env";
import { publicOrigin } from "../../lib/public-origin";
import { paymentProvider } from "../../payments/config";
import type { PaymentDeps } from "./settle";

/** The provider and database of a request; callbacks and 3-D Secure answers come back to this origin. */
export function paymentDeps(c: Context<HonoEnv>): PaymentDeps & { origin: string } {
  const origin = publicOrigin(c.env, c.req.raw);
  // Started once the answer has gone: a mail after a payment costs the answer no time nor round trip.
  const defer = (work: () => Promise<unknown>) =>
    c.executionCtx.waitUntil(new Promise((resolve) => setTimeout(resolve, 0)).then(work));
  return { db: c.var.db, env: c.env, provider: paymentProvider(c.env, origin), origin, defer };
}

export const callbackUrl = (origin: string) => `${origin}/payments/flitt/callback`;
export const threeDsReturnUrl = (origin: string, orderId: string) => `${origin}/payments/3ds-return/${orderId}`;
