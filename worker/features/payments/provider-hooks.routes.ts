import { Hono } from "hono";
import { z } from "zod";
import { idParam } from "../../../common/contract/http";
import type { HonoEnv } from "../../env";
import { AppError } from "../../lib/errors";
import { escapeHtml } from "../../lib/html";
import { currentUser } from "../../lib/session";
import { validate } from "../../lib/validation";
import { ProviderError } from "../../payments/provider";
import { orderStatement, resultOf } from "./orders";
import { paymentDeps } from "./payment-context";
import { settle, settleOrder } from "./settle";

/**
 * What the provider and the card's bank post back: Flitt's server callback, the 3-D Secure TermUrl and
 * the hosted checkout's return. None trusts its own content: each only names an order, which is then
 * settled from the status API (the return only for the payer's own session and an order still open).
 */

const threeDsAnswer = z.object({ MD: z.string().max(1024), PaRes: z.string().max(20480) });

/** The page the 3-D Secure frame ends on; the dialog around it reads the order's status from the API. */
function threeDsDonePage(status: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>3-D Secure</title></head>
<body data-payment-status="${escapeHtml(status)}"><p>3-D Secure complete.</p></body></html>`;
}

export const providerHooksRoutes = new Hono<HonoEnv>()
  .post("/flitt/callback", async (c) => {
    const deps = paymentDeps(c);
    const body = (await c.req.json().catch(() => null)) as unknown;
    let said;
    try {
      said = await deps.provider.verifyCallback(body);
    } catch (error) {
      // Signed by the provider but naming a status this app does not know: refused, so it is sent again.
      if (!(error instanceof ProviderError)) throw error;
      throw new AppError("BAD_REQUEST", `${error.message}.`, { issues: [{ path: "order_status", message: error.message }] });
    }
    if (!said)
      throw new AppError("BAD_REQUEST", "Callback signature does not hold.", {
        issues: [{ path: "signature", message: "Not the provider's signature of these fields" }],
      });
    const order = await orderStatement(deps.db, said.orderId);
    // Unknown orders, and orders whose amount or currency the callback misstates, are acknowledged and ignored.
    if (!order || order.amount !== said.amount || order.currency !== said.currency) return c.json({ ok: true });
    await settleOrder(deps, order.id);
    return c.json({ ok: true });
  })
  .post("/3ds-return/:id", validate("param", z.object({ id: idParam })), async (c) => {
    const deps = paymentDeps(c);
    const { id } = c.req.valid("param");
    const parsed = threeDsAnswer.safeParse(await c.req.parseBody().catch(() => ({})));
    const order = await orderStatement(deps.db, id);
    // Where the order stands for the payer (a join paid but given back reads as reversed, not approved).
    let status: string = order ? resultOf(order).status : "unknown";
    if (order && parsed.success && order.status === "processing") {
      try {
        await deps.provider.complete3ds(id, { md: parsed.data.MD, pares: parsed.data.PaRes });
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
      }
      const settled = await settleOrder(deps, id);
      if (settled) status = resultOf(settled).status;
    }
    c.header("Content-Security-Policy", "default-src 'none'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'");
    return c.html(threeDsDonePage(status));
  })
  .get("/return/:id", validate("param", z.object({ id: idParam })), async (c) => {
    const deps = paymentDeps(c);
    const { id } = c.req.valid("param");
    const [user, stored] = await Promise.all([currentUser(c), orderStatement(deps.db, id)]);
    // The payer's own browser (the session cookie rides on this top-level return) settles an order still
    // open; anyone else, and a reload of a settled order, is sent on without asking the provider. The
    // provider's callback settles the order either way.
    const mine = stored && user && stored.user_id === user.id ? stored : null;
    const open = mine && (mine.status === "created" || mine.status === "processing");
    const order = open ? ((await settle(deps, id, { order: mine }))?.order ?? mine) : mine;
    const community = order?.community_id ? encodeURIComponent(order.community_id) : null;
    const target =
      order?.kind === "save_card"
        ? "/payment-methods"
        : community && order?.status === "approved"
          ? `/communities/${community}`
          : community
            ? `/communities/join-payment?communityId=${community}`
            : "/my-subscriptions";
    return c.redirect(target, 303);
  });
