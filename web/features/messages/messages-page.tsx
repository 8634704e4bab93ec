import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { MessageCircle, SquarePen } from "lucide-react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../components/load-error";
import { PageHeading, useDocumentTitle } from "../../components/page";
import { buttonClasses } from "../../components/ui/button";
import { ConversationRow } from "./conversation-row";
import { allConversationsQueryOptions } from "./queries";

function RowSkeleton() {
  return (
    <li aria-hidden="true" className="flex animate-pulse gap-3 px-4 py-3">
      <span className="h-10 w-10 rounded-full bg-muted" />
      <span className="flex-1 space-y-2">
        <span className="block h-3 w-1/3 rounded bg-muted" />
        <span className="block h-3 w-2/3 rounded bg-muted" />
      </span>
    </li>
  );
}

/** /messages: every conversation, most recent activity first; the user's room keeps it current. */
export function MessagesPage() {
  const { t } = useTranslation();
  const { t: tm } = useTranslation("messages");
  const list = useQuery(allConversationsQueryOptions);
  useDocumentTitle(t("pages.messages"));

  return (
    <div className="mx-auto max-w-3xl">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageHeading>{t("pages.messages")}</PageHeading>
        <Link to="/new-chat" className={buttonClasses({ size: "sm" })}>
          <SquarePen className="h-4 w-4" aria-hidden="true" />
          {t("messages.newMessage")}
        </Link>
      </div>
      <div className="mt-4 overflow-hidden rounded-2xl border border-border bg-surface">
        {list.isPending ? (
          <ul role="status" aria-label={t("messages.loading")} className="divide-y divide-border">
            <RowSkeleton />
            <RowSkeleton />
            <RowSkeleton />
          </ul>
        ) : list.isError ? (
          <LoadError
            variant="plain"
            message={t("messages.loadFailed")}
            retryLabel={t("common.tryAgain")}
            onRetry={() => void list.refetch()}
          />
        ) : list.data.length === 0 ? (
          <div className="flex flex-col items-center gap-3 p-10 text-center">
            <MessageCircle className="h-8 w-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium text-foreground">{t("messages.empty")}</p>
            <p className="text-sm text-muted-foreground">{tm("list.emptyHint")}</p>
            <Link to="/new-chat" className={buttonClasses({ variant: "outline" })}>
              {tm("list.start")}
            </Link>
          </div>
        ) : (
          <ul className="divide-y divide-border" aria-label={tm("list.label")}>
            {list.data.map((c) => (
              <li key={c.id}>
                <ConversationRow conversation={c} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
