import { payments } from "../../../common/contract/payments";
import { batch } from "../../lib/db";
import { notFound, unauthenticated } from "../../lib/errors";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { sessionStatement, sessionToken, sessionUserFrom, sessionUserId } from "../../lib/session";
import { receiptsOf, toReceipt } from "./receipts";

/**
 * The payer's billing history and each receipt: one round trip each (the session and the receipts
 * together). Another person's receipt is not found, never forbidden: its existence is not told.
 */
export const receiptsRoutes = [
  route(payments.receipts, async (c) => {
    const db = c.var.db;
    const token = await sessionToken(c);
    const session = sessionStatement(db, token);
    const rows = receiptsOf(db, sessionUserId(token));
    const read = await batch(db, [session, rows]);
    if (!sessionUserFrom(c, read(session))) throw unauthenticated();
    return respond(c, payments.receipts, { items: read(rows).map(toReceipt) });
  }),
  route(payments.receipt, async (c) => {
    const db = c.var.db;
    const token = await sessionToken(c);
    const { id } = c.req.valid("param");
    const session = sessionStatement(db, token);
    const rows = receiptsOf(db, sessionUserId(token), id);
    const read = await batch(db, [session, rows]);
    if (!sessionUserFrom(c, read(session))) throw unauthenticated();
    const row = read(rows)[0];
    if (!row) throw notFound("Receipt not found.");
    return respond(c, payments.receipt, toReceipt(row));
  }),
];
