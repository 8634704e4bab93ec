import { notifications } from "../../../common/contract/notifications";
import { notificationTypes } from "../../../common/notifications";
import { batch } from "../../lib/db";
import { AppError } from "../../lib/errors";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { requireUser } from "../../lib/session";
import { preferenceReads, preferenceWrites, toPreferences } from "./preferences.queries";
import { readUnsubscribeToken } from "../../lib/unsubscribe-token";

/** /api/notifications/preferences: which notifications a person gets, in the app and by e-mail. */
export const notificationPreferencesRoutes = [
  route(notifications.preferences, async (c) => {
    const user = await requireUser(c);
    const db = c.var.db;
    const reads = preferenceReads(db, user.id);
    const read = await batch(db, [reads.digest, reads.types]);
    return respond(c, notifications.preferences, toPreferences(read(reads.digest), read(reads.types)));
  }),
  // The change and the settings as they now are, in one round trip.
  route(notifications.updatePreferences, async (c) => {
    const user = await requireUser(c);
    const db = c.var.db;
    const reads = preferenceReads(db, user.id);
    const read = await batch(db, [...preferenceWrites(db, user.id, c.req.valid("json"), Date.now()), reads.digest, reads.types]);
    return respond(c, notifications.updatePreferences, toPreferences(read(reads.digest), read(reads.types)));
  }),
];

/**
 * /api/notifications/unsubscribe: the link of a notification e-mail. The token alone decides (no
 * session, no Origin: RFC 8058 posts come from the mail provider), and it only turns off e-mail of
 * the type it names (or broadcasts) for the person it was made for.
 */
export const unsubscribeRoutes = [
  route(notifications.unsubscribe, async (c) => {
    const owner = await readUnsubscribeToken(c.env, c.req.valid("query").token);
    if (!owner) throw new AppError("FORBIDDEN", "This unsubscribe link is not valid.");
    const db = c.var.db;
    // A broadcast's link stops broadcasts only; a notification mail's stops its type (or every type).
    const change =
      owner.scope === "BROADCASTS"
        ? { broadcastEmail: false }
        : { types: (owner.scope === "ALL" ? notificationTypes : [owner.scope]).map((type) => ({ type, email: false })) };
    await batch(db, preferenceWrites(db, owner.userId, change, Date.now()));
    return respond(c, notifications.unsubscribe, { type: owner.scope, email: false });
  }),
];
