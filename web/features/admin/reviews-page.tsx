import { useInfiniteQuery, type InfiniteData, type UseInfiniteQueryResult } from "@tanstack/react-query";
import { Inbox } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../components/load-error";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { Tab, TabList, TabPanel, Tabs } from "../../components/ui/tabs";
import { useErrorMessage } from "../../lib/errors";
import { reviewStatuses, type ReviewStatus } from "../../../common/contract/enums";
import { PageHeading, useDocumentTitle } from "../../components/page";
import { editsQueueQueryOptions, reviewQueueQueryOptions } from "./queries";
import { EditCard } from "./edit-card";
import { AdminNav } from "./admin-nav";
import { ADMIN_VIEWS, type AdminView } from "./admin-views";
import { ReviewCard } from "./review-card";

type ReviewsPageProps = {
  view: AdminView;
  onViewChange: (view: AdminView) => void;
  /** The open reports of every community: the communities feature's queue, composed in by the route. */
  reports: ReactNode;
};

/** The staff console: the community review queue by status, and every open report. */
export function ReviewsPage({ view, onViewChange, reports }: ReviewsPageProps) {
  const { t } = useTranslation("admin");
  useDocumentTitle(t("title"));
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <AdminNav />
      <div>
        <PageHeading>{t("title")}</PageHeading>
        <p className="mt-1 text-muted-foreground">{t("subtitle")}</p>
      </div>
      <Tabs value={view} onValueChange={(v) => onViewChange(v as AdminView)}>
        <div className="scrollbar-none -mx-1 overflow-x-auto px-1">
          <TabList label={t("tabsLabel")} className="min-w-max">
            {ADMIN_VIEWS.map((v) => (
              <Tab key={v} value={v}>
                {t(`tabs.${v}`)}
              </Tab>
            ))}
          </TabList>
        </div>
        {reviewStatuses.map((status) => (
          <TabPanel key={status} value={status} className="mt-5">
            <ReviewQueue status={status} />
          </TabPanel>
        ))}
        <TabPanel value="edits" className="mt-5">
          <EditsQueue />
        </TabPanel>
        <TabPanel value="reports" className="mt-5">
          {reports}
        </TabPanel>
      </Tabs>
    </div>
  );
}

function ReviewQueue({ status }: { status: ReviewStatus }) {
  const query = useInfiniteQuery(reviewQueueQueryOptions(status));
  return <Queue query={query} view={status} render={(item) => <ReviewCard item={item} />} />;
}

function EditsQueue() {
  const query = useInfiniteQuery(editsQueueQueryOptions());
  return <Queue query={query} view="edits" render={(item) => <EditCard item={item} />} />;
}

type QueueProps<T extends { id: string }> = {
  query: UseInfiniteQueryResult<InfiniteData<{ items: T[] }>>;
  view: Exclude<AdminView, "reports">;
  render: (item: T) => ReactNode;
};

/** A staff queue's states: loading, failed with a retry, empty, and its cards page by page. */
function Queue<T extends { id: string }>({ query, view, render }: QueueProps<T>) {
  const { t } = useTranslation("admin");
  const errorMessage = useErrorMessage();
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];

  if (query.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  }
  if (query.isError) {
    return (
      <LoadError
        variant="plain"
        message={errorMessage(query.error)}
        retryLabel={t("communities:common.tryAgain")}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (items.length === 0) {
    return (
      <p className="flex items-center justify-center gap-2 rounded-xl border border-dashed border-border p-10 text-muted-foreground">
        <Inbox className="h-5 w-5" aria-hidden="true" />
        {t(`empty.${view}`)}
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <ul className="space-y-4">
        {items.map((item) => (
          <li key={item.id}>{render(item)}</li>
        ))}
      </ul>
      {query.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            {t("communities:explore.loadMore")}
          </Button>
        </div>
      )}
    </div>
  );
}
