import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { CalendarDays, FileText } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../components/ui/avatar";
import { Spinner } from "../../components/ui/spinner";
import { useFormatter } from "../../lib/format/formatter";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import { useRelativeTime } from "../../lib/time";
import { useCurrentCommunityId } from "../../lib/current-community";
import { SEARCH_DEBOUNCE_MS, searchQueryOptions } from "./queries";

const linkClasses =
  "flex items-center gap-3 rounded-lg px-3 py-2 text-sm text-foreground hover:bg-muted focus-visible:bg-muted focus-visible:-outline-offset-2";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="py-1">
      <h3 className="px-3 py-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h3>
      <ul>{children}</ul>
    </section>
  );
}

/** Server search over the current community's posts, members and events, asked 300 ms after typing stops. */
export default function SearchResultsPanel({ query, onNavigate }: { query: string; onNavigate: () => void }) {
  const { t } = useTranslation();
  const relative = useRelativeTime();
  const communityId = useCurrentCommunityId();
  const trimmed = query.trim();
  const debounced = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);
  const result = useQuery(searchQueryOptions(debounced, communityId));

  if (!trimmed) return <p className="px-3 py-4 text-sm text-muted-foreground">{t("search.startTyping")}</p>;

  const settling = debounced !== trimmed || (result.isFetching && result.isPlaceholderData) || result.isPending;
  if (settling && !result.data) {
    return (
      <p className="flex items-center gap-2 px-3 py-4 text-sm text-muted-foreground">
        <Spinner size="sm" decorative />
        {t("search.searching")}
      </p>
    );
  }
  if (result.isError) {
    return (
      <p role="alert" className="px-3 py-4 text-sm text-destructive-text">
        {t("search.failed")}
      </p>
    );
  }

  const data = result.data;
  const total = data ? data.posts.length + data.members.length + data.events.length : 0;
  if (!data || total === 0) {
    return (
      <p className="px-3 py-4 text-sm text-muted-foreground" aria-live="polite">
        {t("search.noResults", { query: debounced })}
      </p>
    );
  }

  return (
    <div aria-busy={settling || undefined}>
      <h2 className="px-3 pt-2 text-sm font-semibold text-foreground">{t("search.results")}</h2>
      {data.posts.length > 0 && (
        <Section title={t("search.posts")}>
          {data.posts.map((p) => (
            <li key={p.id}>
              <Link to="/post/$postId" params={{ postId: p.id }} className={linkClasses} onClick={onNavigate}>
                <FileText className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span className="min-w-0 flex-1 truncate">{p.title || t("search.untitledPost")}</span>
                <span className="shrink-0 text-xs text-muted-foreground">{relative(p.createdAt)}</span>
              </Link>
            </li>
          ))}
        </Section>
      )}
      {data.members.length > 0 && (
        <Section title={t("search.members")}>
          {data.members.map((m) => (
            <li key={m.id}>
              <Link to="/members" className={linkClasses} onClick={onNavigate}>
                <Avatar src={m.avatarUrl} name={m.fullName} size="xs" />
                <span className="min-w-0 flex-1 truncate">{m.fullName || t("common.unknownUser")}</span>
              </Link>
            </li>
          ))}
        </Section>
      )}
      {data.events.length > 0 && (
        <Section title={t("search.events")}>
          {data.events.map((e) => (
            <li key={e.id}>
              <Link to="/calendar" className={linkClasses} onClick={onNavigate}>
                <CalendarDays className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span className="min-w-0 flex-1 truncate">{e.name}</span>
                <EventDate ms={e.startTime} />
              </Link>
            </li>
          ))}
        </Section>
      )}
    </div>
  );
}

function EventDate({ ms }: { ms: number }) {
  const format = useFormatter();
  if (!Number.isFinite(ms)) return null;
  return <span className="shrink-0 text-xs text-muted-foreground">{format.date(ms)}</span>;
}
