import type { ReactNode } from "react";
import { LoadError } from "./load-error";
import { Spinner } from "./ui/spinner";

type ListQuery = { isPending: boolean; isError: boolean; refetch: () => unknown };

/**
 * A list's four states in one place: loading (a spinner, announced by `loadingLabel`), failed (what
 * went wrong and the way to try again), empty (`empty`), and the items (`children`). Panels and pages
 * that list what a query loaded use it, so every list behaves the same way.
 */
export function ListStates<T>({
  query,
  items,
  loadingLabel,
  error,
  empty,
  children,
}: {
  query: ListQuery;
  /** The loaded items (undefined while there are none yet). */
  items: readonly T[] | undefined;
  loadingLabel: string;
  error: { message: string; retryLabel: string; variant?: "card" | "plain"; className?: string };
  empty: ReactNode;
  children: (items: readonly T[]) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div className="flex justify-center py-8" role="status" aria-label={loadingLabel}>
        <Spinner />
      </div>
    );
  }
  if (query.isError) {
    return (
      <LoadError
        variant={error.variant}
        className={error.className}
        message={error.message}
        retryLabel={error.retryLabel}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!items || items.length === 0) return <>{empty}</>;
  return <>{children(items)}</>;
}
