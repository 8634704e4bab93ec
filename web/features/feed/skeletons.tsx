/** Placeholders with the shape of a post card while the feed loads (spec: 3 skeleton cards). */
export function PostSkeleton() {
  return (
    <div aria-hidden="true" className="animate-pulse rounded-2xl border border-border bg-surface p-5">
      <div className="flex items-center gap-3">
        <div className="h-10 w-10 rounded-full bg-muted" />
        <div className="flex-1 space-y-2">
          <div className="h-3 w-1/3 rounded bg-muted" />
          <div className="h-3 w-1/5 rounded bg-muted" />
        </div>
      </div>
      <div className="mt-4 space-y-2">
        <div className="h-4 w-2/3 rounded bg-muted" />
        <div className="h-3 w-full rounded bg-muted" />
        <div className="h-3 w-5/6 rounded bg-muted" />
      </div>
      <div className="mt-4 flex gap-4">
        <div className="h-6 w-14 rounded bg-muted" />
        <div className="h-6 w-14 rounded bg-muted" />
      </div>
    </div>
  );
}

export function PostSkeletons({ count = 3, label }: { count?: number; label: string }) {
  return (
    <div role="status" className="space-y-4">
      <span className="sr-only">{label}</span>
      {Array.from({ length: count }, (_, i) => (
        <PostSkeleton key={i} />
      ))}
    </div>
  );
}
