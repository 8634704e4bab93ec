import { hashKey, type QueryClient, type QueryKey } from "@tanstack/react-query";
import type { NotificationItem } from "../../../common/contract/notifications";
import { patch, type CachedData } from "../../lib/cache-write";
import type { notificationListQueryOptions } from "./list-queries";
import { notificationKeys, type recentNotificationsQueryOptions, type unreadNotificationsQueryOptions } from "./queries";

/**
 * Cache edits for notifications, shared by the user's room (live) and the read mutations. Lists and counts
 * are scoped ("all" or a community id, the key's last part); each change reaches only the scopes it
 * belongs to.
 */

type Scope = string;
const scopeOf = (key: QueryKey): Scope => String(key[2] ?? "all");
const inScope = (n: Pick<NotificationItem, "community">, scope: Scope) => scope === "all" || n.community?.id === scope;

// Each key is written with the type its query keeps there: a dropdown's page, the page's pages, a count.
type Cached = CachedData<typeof recentNotificationsQueryOptions> | CachedData<typeof notificationListQueryOptions>;
type Count = CachedData<typeof unreadNotificationsQueryOptions>;
const isInfinite = (data: Cached): data is CachedData<typeof notificationListQueryOptions> => "pages" in data;

function eachList(qc: QueryClient, fn: (key: QueryKey, data: Cached) => Cached | undefined) {
  for (const prefix of [notificationKeys.recentLists(), notificationKeys.lists()]) {
    for (const [key, data] of qc.getQueriesData<Cached>({ queryKey: prefix })) {
      if (!data) continue;
      const next = fn(key, data);
      if (next && next !== data) qc.setQueryData<Cached>(key, next);
    }
  }
}

function mapItems(data: Cached, fn: (n: NotificationItem) => NotificationItem): Cached {
  if (isInfinite(data)) return patch(data, { pages: data.pages.map((p) => patch(p, { items: p.items.map(fn) })) });
  return patch(data, { items: data.items.map(fn) });
}

function contains(data: Cached, id: string): boolean {
  const pages = isInfinite(data) ? data.pages : [data];
  return pages.some((p) => p.items.some((n) => n.id === id));
}

function findItem(qc: QueryClient, id: string): NotificationItem | undefined {
  for (const [, data] of qc.getQueriesData<Cached>({ queryKey: notificationKeys.all() })) {
    if (!data || typeof data !== "object") continue;
    const pages = isInfinite(data) ? data.pages : "items" in data ? [data] : [];
    const found = pages.flatMap((p) => p.items).find((n) => n.id === id);
    if (found) return found;
  }
  return undefined;
}

function adjustUnread(qc: QueryClient, community: string | null, fn: (count: number) => number) {
  for (const [key, count] of qc.getQueriesData<Count>({ queryKey: notificationKeys.unreadCounts() })) {
    const scope = scopeOf(key);
    if (typeof count === "number" && (scope === "all" || scope === community)) qc.setQueryData<Count>(key, fn(count));
  }
}

const counted = new Set<string>();

/** A new notification: to the top of every list it belongs to, and one more unread (once per id). */
export function prependNotification(qc: QueryClient, n: NotificationItem) {
  eachList(qc, (key, data) => {
    if (!inScope(n, scopeOf(key)) || contains(data, n.id)) return data;
    if (isInfinite(data)) {
      const [first, ...rest] = data.pages;
      return patch(data, {
        pages: [first ? patch(first, { items: [n, ...first.items] }) : { items: [n], nextCursor: null }, ...rest],
      });
    }
    return patch(data, { items: [n, ...data.items] });
  });
  if (!n.isRead && !counted.has(n.id)) {
    counted.add(n.id);
    adjustUnread(qc, n.community?.id ?? null, (c) => c + 1);
  }
}

/**
 * The room's unread total counts every community: it sets the 'all' badge. A community's own badge can
 * only follow it down to zero; otherwise it keeps its own +1 / -1 bookkeeping.
 */
export function setUnreadTotal(qc: QueryClient, count: number) {
  let fell = false;
  for (const [key, current] of qc.getQueriesData<Count>({ queryKey: notificationKeys.unreadCounts() })) {
    if (scopeOf(key) === "all") {
      fell ||= typeof current === "number" && count < current;
      qc.setQueryData<Count>(key, count);
    } else if (count === 0 && typeof current === "number") qc.setQueryData<Count>(key, 0);
  }
  // Fewer unread than we knew: something was read in another tab. The per-community counts and the
  // blue dots cannot be derived from a total, so those lists ask the server again.
  if (fell && count > 0)
    void qc.invalidateQueries({
      queryKey: notificationKeys.all(),
      predicate: (q) => q.queryHash !== hashKey(notificationKeys.unread(null)),
    });
}

/** Marks one read everywhere; one fewer unread (never below 0) if it was unread. Returns whether it was. */
export function markReadInCache(qc: QueryClient, id: string): boolean {
  const item = findItem(qc, id);
  const wasUnread = !!item && !item.isRead;
  eachList(qc, (_, data) =>
    contains(data, id) ? mapItems(data, (n) => (n.id === id && !n.isRead ? patch(n, { isRead: true }) : n)) : data,
  );
  if (wasUnread) adjustUnread(qc, item?.community?.id ?? null, (c) => Math.max(0, c - 1));
  return wasUnread;
}

/** Mark all read for a scope: its items read, its badge 0 (and every badge 0 when the scope is all). */
export function markAllReadInCache(qc: QueryClient, communityId: string | null) {
  const scope = communityId ?? "all";
  eachList(qc, (_, data) => mapItems(data, (n) => (!n.isRead && inScope(n, scope) ? patch(n, { isRead: true }) : n)));
  for (const [key, count] of qc.getQueriesData<Count>({ queryKey: notificationKeys.unreadCounts() })) {
    if (typeof count !== "number") continue;
    if (scope === "all" || scopeOf(key) === scope) qc.setQueryData<Count>(key, 0);
  }
}
