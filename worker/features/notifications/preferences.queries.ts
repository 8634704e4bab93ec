import { eq, sql } from "drizzle-orm";
import type { UpdatePreferencesBody, NotificationPreferences } from "../../../common/contract/notifications";
import { notificationTypes, type NotificationType } from "../../../common/notifications";
import type { Db } from "../../lib/db";
import { bare, bareList, excluded } from "../../lib/sql-names";
import { notificationPreferences as prefs, notificationTypePreferences as typePrefs, users } from "../../lib/tables";

/** The reads of a person's settings, as statements for a batch; `toPreferences` shapes their rows. */
export const preferenceReads = (db: Db, userId: string) => ({
  digest: db
    .select({ emailDigest: prefs.emailDigest, broadcastEmail: prefs.broadcastEmail })
    .from(prefs)
    .where(eq(prefs.userId, userId)),
  types: db
    .select({ type: typePrefs.type, inApp: typePrefs.inApp, email: typePrefs.email })
    .from(typePrefs)
    .where(eq(typePrefs.userId, userId)),
});

/** Every type, with its stored switches or the defaults (on) where nothing is stored. */
export function toPreferences(
  digest: { emailDigest: boolean; broadcastEmail: boolean }[],
  rows: { type: NotificationType; inApp: boolean; email: boolean }[],
): NotificationPreferences {
  const stored = new Map(rows.map((r) => [r.type, r]));
  return {
    emailDigest: digest[0]?.emailDigest ?? false,
    broadcastEmail: digest[0]?.broadcastEmail ?? true,
    types: notificationTypes.map((type) => ({
      type,
      inApp: stored.get(type)?.inApp ?? true,
      email: stored.get(type)?.email ?? true,
    })),
  };
}

/**
 * The writes of a change: only the switches it names move, on a row created with the defaults where
 * the person had none. Guarded by the account's existence, so a link of a deleted account writes nothing.
 */
export function preferenceWrites(db: Db, userId: string, change: UpdatePreferencesBody, now: number) {
  const account = sql`exists (select 1 from ${users} where ${users.id} = ${userId})`;
  const types = (change.types ?? []).map((t) => {
    const inApp = t.inApp === undefined ? null : t.inApp ? 1 : 0;
    const email = t.email === undefined ? null : t.email ? 1 : 0;
    return db.run(
      sql`insert into ${typePrefs} (${bareList(typePrefs.userId, typePrefs.type, typePrefs.inApp, typePrefs.email, typePrefs.updatedAt)})
          select ${userId}, ${t.type}, coalesce(${inApp}, 1), coalesce(${email}, 1), ${now} where ${account}
          on conflict (${bareList(typePrefs.userId, typePrefs.type)}) do update set
            ${bare(typePrefs.inApp)} = coalesce(${inApp}, ${bare(typePrefs.inApp)}),
            ${bare(typePrefs.email)} = coalesce(${email}, ${bare(typePrefs.email)}),
            ${bare(typePrefs.updatedAt)} = ${excluded(typePrefs.updatedAt)}`,
    );
  });
  // The person's own row (digest, broadcasts): only the switches named move, the others keep their value or default.
  const digest = change.emailDigest === undefined ? null : change.emailDigest ? 1 : 0;
  const broadcast = change.broadcastEmail === undefined ? null : change.broadcastEmail ? 1 : 0;
  const own =
    digest === null && broadcast === null
      ? []
      : [
          db.run(
            sql`insert into ${prefs} (${bareList(prefs.userId, prefs.emailDigest, prefs.broadcastEmail, prefs.updatedAt)})
                select ${userId}, coalesce(${digest}, 0), coalesce(${broadcast}, 1), ${now} where ${account}
                on conflict (${bare(prefs.userId)}) do update set
                  ${bare(prefs.emailDigest)} = coalesce(${digest}, ${bare(prefs.emailDigest)}),
                  ${bare(prefs.broadcastEmail)} = coalesce(${broadcast}, ${bare(prefs.broadcastEmail)}),
                  ${bare(prefs.updatedAt)} = ${excluded(prefs.updatedAt)}`,
          ),
        ];
  return [...types, ...own];
}
