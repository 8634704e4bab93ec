import { Link } from "@tanstack/react-router";
import { SearchX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../components/load-error";
import { buttonClasses } from "../../components/ui/button";
import { useDocumentTitle } from "../../components/page";

/** 'Community not found' with 'Browse Communities' (spec 002 section 8). */
export function CommunityNotFound() {
  const { t } = useTranslation("communities");
  useDocumentTitle(t("detail.notFound"));
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-4 text-center">
      <SearchX className="h-12 w-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-xl font-semibold text-foreground">{t("detail.notFound")}</h1>
      <p className="max-w-md text-muted-foreground">{t("detail.notFoundDescription")}</p>
      <Link to="/communities/explore" className={buttonClasses()}>
        {t("detail.browse")}
      </Link>
    </div>
  );
}

/** 'Failed to load community details' with 'Try Again'. */
export function CommunityLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation("communities");
  return (
    <LoadError
      variant="plain"
      className="min-h-[40vh] justify-center"
      message={t("detail.loadFailed")}
      retryLabel={t("common.tryAgain")}
      onRetry={onRetry}
    />
  );
}

export function DetailSkeleton() {
  const { t } = useTranslation("communities");
  return (
    <div role="status" aria-label={t("common.loading")} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="space-y-4">
        <div className="aspect-video w-full animate-pulse rounded-2xl bg-muted" />
        <div className="h-8 w-1/2 animate-pulse rounded bg-muted" />
        <div className="h-4 w-full animate-pulse rounded bg-muted" />
        <div className="h-4 w-4/5 animate-pulse rounded bg-muted" />
      </div>
      <div className="space-y-4">
        <div className="h-44 animate-pulse rounded-2xl bg-muted" />
        <div className="h-20 animate-pulse rounded-2xl bg-muted" />
      </div>
    </div>
  );
}
