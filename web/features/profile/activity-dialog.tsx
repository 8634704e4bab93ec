import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../components/load-error";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Spinner } from "../../components/ui/spinner";
import { ActivityList } from "./activity-list";
import { activityQueryOptions } from "./queries";

/** 'View All Activity': the whole list, a page at a time. */
export function ActivityDialog({
  userId,
  open,
  onOpenChange,
}: {
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("profile");
  const activity = useInfiniteQuery({ ...activityQueryOptions(userId), enabled: open });
  const items = activity.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t("allActivity")} className="sm:max-w-xl">
      <div className="max-h-[60vh] overflow-y-auto">
        {activity.isPending ? (
          <Spinner label={t("loadingMore")} />
        ) : activity.isError ? (
          <LoadError
            variant="plain"
            message={t("loadFailed")}
            retryLabel={t("tryAgain")}
            onRetry={() => void activity.refetch()}
          />
        ) : (
          <ActivityList items={items} />
        )}
      </div>
      {activity.hasNextPage && (
        <div className="mt-3 flex justify-center">
          <Button variant="outline" loading={activity.isFetchingNextPage} onClick={() => void activity.fetchNextPage()}>
            {activity.isFetchingNextPage ? t("loadingMore") : t("loadMore")}
          </Button>
        </div>
      )}
    </Dialog>
  );
}
