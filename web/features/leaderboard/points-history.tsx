import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { PointsEntry } from "../../../common/contract/leaderboard";
import { LoadError } from "../../components/load-error";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { cn } from "../../lib/cn";
import { useFormatter } from "../../lib/format/formatter";
import { historyQueryOptions } from "./queries";

const known = new Set(["post_created", "comment_created", "post_like_received", "comment_like_received", "community_created"]);

/** One ledger row in words: "+2 Giorgi liked your post 'Beginner plan'", "-2 like removed". */
function useEntryText() {
  const { t } = useTranslation("leaderboard");
  return (entry: PointsEntry) => {
    const base = entry.reason.replace(/_reversed$/, "");
    if (!known.has(base)) return t("history.other");
    return t(`history.${entry.reason}`, {
      name: entry.actor?.fullName || t("history.someone"),
      post: entry.post?.title || t("history.deletedPost"),
    });
  };
}

/** The caller's points ledger, newest first, each row linked to the post it concerns; paged. */
export function PointsHistory({ communityId }: { communityId: string }) {
  const { t } = useTranslation("leaderboard");
  const { t: tc } = useTranslation();
  const format = useFormatter();
  const text = useEntryText();
  const history = useInfiniteQuery(historyQueryOptions(communityId));
  const items = history.data?.pages.flatMap((p) => p.items) ?? [];

  if (history.isPending) {
    return (
      <div className="flex justify-center py-6">
        <Spinner label={t("history.loading")} />
      </div>
    );
  }
  if (history.isError && items.length === 0) {
    return (
      <LoadError
        variant="plain"
        message={t("history.loadFailed")}
        retryLabel={tc("common.tryAgain")}
        onRetry={() => void history.refetch()}
      />
    );
  }
  if (items.length === 0) return <p className="py-6 text-center text-muted-foreground">{t("history.empty")}</p>;

  return (
    <div>
      <ul className="divide-y divide-border">
        {items.map((entry) => {
          const sentence = text(entry);
          return (
            <li key={entry.id} className="flex items-start gap-3 py-3">
              <span
                className={cn(
                  "w-12 shrink-0 text-right font-semibold tabular-nums",
                  entry.amount >= 0 ? "text-emerald-700 dark:text-emerald-400" : "text-destructive-text",
                )}
              >
                {entry.amount > 0 ? `+${entry.amount}` : entry.amount}
              </span>
              <div className="min-w-0 flex-1">
                {entry.post ? (
                  <Link to="/post/$postId" params={{ postId: entry.post.id }} className="text-foreground hover:underline">
                    {sentence}
                  </Link>
                ) : (
                  <span className="text-foreground">{sentence}</span>
                )}
                <p className="text-xs text-muted-foreground">{format.dateTime(entry.createdAt)}</p>
              </div>
            </li>
          );
        })}
      </ul>
      {history.hasNextPage && (
        <div className="flex justify-center pt-3">
          <Button
            variant="outline"
            aria-disabled={history.isFetchingNextPage || undefined}
            onClick={() => !history.isFetchingNextPage && void history.fetchNextPage()}
          >
            {history.isFetchingNextPage && <Spinner size="sm" decorative />}
            {t("history.loadMore")}
          </Button>
        </div>
      )}
    </div>
  );
}
