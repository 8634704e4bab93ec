import { useTranslation } from "react-i18next";
import { LoadError } from "../../components/load-error";
import { useErrorMessage } from "../../lib/errors";

/** The profile's shape while it loads. */
export function ProfileSkeleton({ label }: { label: string }) {
  return (
    <div role="status" className="space-y-4">
      <span className="sr-only">{label}</span>
      <div aria-hidden="true" className="animate-pulse overflow-hidden rounded-2xl border border-border bg-surface">
        <div className="h-36 bg-muted sm:h-48" />
        <div className="space-y-3 p-5">
          <div className="-mt-16 h-24 w-24 rounded-full bg-muted ring-4 ring-surface" />
          <div className="h-6 w-1/3 rounded bg-muted" />
          <div className="h-4 w-1/4 rounded bg-muted" />
          <div className="h-4 w-2/3 rounded bg-muted" />
        </div>
      </div>
      <div aria-hidden="true" className="grid animate-pulse grid-cols-2 gap-3 sm:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-20 rounded-2xl bg-muted" />
        ))}
      </div>
    </div>
  );
}

/** The profile pages' failure: 'Failed to load profile' with the reason, and 'Try Again'. */
export function ProfileLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation("profile");
  const errorMessage = useErrorMessage();
  return (
    <LoadError
      className="mt-6"
      message={`${t("loadFailed")}: ${errorMessage(error)}`}
      retryLabel={t("tryAgain")}
      onRetry={onRetry}
    />
  );
}
