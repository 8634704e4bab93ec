import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { BellOff, CheckCheck } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notificationLink } from "../../../common/notification-link";
import { LoadError } from "../../components/load-error";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { cn } from "../../lib/cn";
import { useErrorMessage } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { useCurrentCommunity } from "../../lib/my-communities";
import { PageHeading, useDocumentTitle } from "../../components/page";
import { InviteAnswer } from "./invite-answer";
import { notificationListQueryOptions } from "./list-queries";
import { useMarkAllNotificationsRead, useMarkNotificationRead } from "./mutations";
import { NotificationSummary } from "./notification-summary";
import { unreadNotificationsQueryOptions } from "./queries";

type Scope = "community" | "all";

function RowSkeleton() {
  return (
    <li aria-hidden="true" className="flex animate-pulse gap-3 px-4 py-3">
      <span className="h-10 w-10 rounded-full bg-muted" />
      <span className="flex-1 space-y-2">
        <span className="block h-3 w-2/3 rounded bg-muted" />
        <span className="block h-3 w-1/3 rounded bg-muted" />
      </span>
    </li>
  );
}

/** /notifications for a signed-in user: the current community's or all, mark all read, pages of 20. */
export function NotificationsPage() {
  const { t } = useTranslation("notifications");
  const errorMessage = useErrorMessage();
  const { current } = useCurrentCommunity();
  const [scope, setScope] = useState<Scope>("community");
  const communityId = scope === "community" && current ? current.id : null;
  const list = useInfiniteQuery(notificationListQueryOptions(communityId));
  const unread = useQuery(unreadNotificationsQueryOptions(communityId));
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  useDocumentTitle(t("title"));

  const filter = (value: Scope, label: string) => (
    <button
      type="button"
      aria-pressed={(current ? scope : "all") === value}
      onClick={() => setScope(value)}
      className={cn(
        "h-8 max-w-[14rem] truncate rounded-lg px-3 text-sm font-medium",
        (current ? scope : "all") === value
          ? "bg-surface text-foreground shadow-sm"
          : "text-muted-foreground hover:text-foreground",
      )}
    >
      {label}
    </button>
  );

  return (
    <div className="mx-auto max-w-3xl">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <PageHeading>{t("title")}</PageHeading>
          <p className="mt-1 text-sm text-muted-foreground" aria-live="polite">
            {unread.data ? t("unreadCount", { count: unread.data }) : t("allRead")}
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          disabled={!unread.data || markAll.isPending}
          loading={markAll.isPending}
          onClick={() =>
            markAll.mutate(communityId, {
              onSuccess: () => toast({ title: t("markedAllRead"), variant: "success" }),
              onError: (err) => toast({ title: t("markAllFailed"), description: errorMessage(err), variant: "destructive" }),
            })
          }
        >
          <CheckCheck className="h-4 w-4" aria-hidden="true" />
          {t("markAllRead")}
        </Button>
      </div>

      {current && (
        <div role="group" aria-label={t("filterLabel")} className="mt-4 inline-flex max-w-full gap-1 rounded-xl bg-muted p-1">
          {filter("community", current.name)}
          {filter("all", t("allCommunities"))}
        </div>
      )}

      <div className="mt-4 overflow-hidden rounded-2xl border border-border bg-surface">
        {list.isPending ? (
          <ul role="status" aria-label={t("loading")} className="divide-y divide-border">
            <RowSkeleton />
            <RowSkeleton />
            <RowSkeleton />
          </ul>
        ) : list.isError && items.length === 0 ? (
          <LoadError variant="plain" message={t("loadFailed")} retryLabel={t("tryAgain")} onRetry={() => void list.refetch()} />
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 p-10 text-center">
            <BellOff className="h-8 w-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium text-foreground">{t("empty")}</p>
          </div>
        ) : (
          <ul className="divide-y divide-border">
            {items.map((n) => (
              <li key={n.id}>
                <Link
                  {...notificationLink(n)}
                  onClick={() => {
                    if (!n.isRead) markRead.mutate(n.id);
                  }}
                  className={cn("flex items-start gap-3 px-4 py-3 text-sm hover:bg-muted", !n.isRead && "bg-primary/5")}
                >
                  <NotificationSummary item={n} />
                </Link>
                {n.type === "COMMUNITY_INVITE" && n.community && <InviteAnswer item={{ ...n, community: n.community }} />}
              </li>
            ))}
          </ul>
        )}
      </div>

      {list.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage && <Spinner size="sm" decorative />}
            {list.isFetchingNextPage ? t("loadingMore") : t("loadMore")}
          </Button>
        </div>
      )}
    </div>
  );
}
