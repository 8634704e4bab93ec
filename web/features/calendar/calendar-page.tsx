import { useQuery } from "@tanstack/react-query";
import { CalendarDays, ChevronLeft, ChevronRight, Plus, Rss } from "lucide-react";
import { Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { eventFilters, type EventFilter } from "../../../common/contract/enums";
import { LoadError } from "../../components/load-error";
import { NoCommunity } from "../../components/no-community";
import { PageHeading, useDocumentTitle } from "../../components/page";
import { Button } from "../../components/ui/button";
import { PageSpinner } from "../../components/ui/spinner";
import { cn } from "../../lib/cn";
import { useFormatter } from "../../lib/format/formatter";
import { lazyWithPreload } from "../../lib/lazy";
import { useCurrentCommunity } from "../../lib/my-communities";
import { setCurrentCommunityId } from "../../lib/current-community";
import { EventCard } from "./event-card";
import { MonthGrid, monthOf, shiftMonth } from "./month-grid";
import { eventListQueryOptions, eventMonthQueryOptions, viewerTimeZone } from "./queries";

const CreateEventDialog = lazyWithPreload(() => import("./create-event-dialog"));
const FeedDialog = lazyWithPreload(() => import("./feed-dialog"));

type View = "list" | "month";

/**
 * The address can open the page on one event (a search result): its month as a grid, where the event
 * shows whether it is past or upcoming, with its card marked. An event without a month shows in All.
 */
/** `community`: the community whose calendar to show (a notification's event), made the current one. */
export type CalendarSearch = { month?: string; event?: string; community?: string };

function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (v: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex flex-wrap gap-1 rounded-xl border border-border bg-surface p-1">
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={value === o.value}
          onClick={() => onChange(o.value)}
          className={cn(
            "rounded-lg px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring",
            value === o.value ? "bg-primary text-primary-foreground" : "text-foreground hover:bg-muted",
          )}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

/** /calendar: the current community's events as a list (filtered) or a month grid (spec 001 section 2). */
export function CalendarPage({ search = {} }: { search?: CalendarSearch }) {
  const { t } = useTranslation("calendar");
  const { current, isLoading } = useCurrentCommunity();
  useDocumentTitle(t("title"));
  // A notification's event opens its own community's calendar (here, not in the route: the route's
  // code is in the first download).
  useEffect(() => {
    if (search.community) setCurrentCommunityId(search.community);
  }, [search.community]);
  if (isLoading) return <PageSpinner />;
  if (!current)
    return (
      <div>
        <PageHeading>{t("title")}</PageHeading>
        <NoCommunity title={t("noCommunityTitle")} message={t("noCommunityMessage")} />
      </div>
    );
  // Another search result for the same community opens afresh on its own month.
  return <Events key={`${current.id} ${search.month ?? ""} ${search.event ?? ""}`} communityId={current.id} search={search} />;
}

function Events({ communityId, search }: { communityId: string; search: CalendarSearch }) {
  const { t } = useTranslation("calendar");
  const format = useFormatter();
  const tz = viewerTimeZone();
  const [view, setView] = useState<View>(search.month ? "month" : "list");
  const [filter, setFilter] = useState<EventFilter>(search.event && !search.month ? "all" : "upcoming");
  const [month, setMonth] = useState(() => search.month ?? monthOf(new Date()));
  const [creating, setCreating] = useState(false);
  const [subscribing, setSubscribing] = useState(false);
  const list = useQuery({ ...eventListQueryOptions(communityId, filter, tz), enabled: view === "list" });
  const monthQuery = useQuery({ ...eventMonthQueryOptions(communityId, month, tz), enabled: view === "month" });
  const query = view === "list" ? list : monthQuery;
  const data = query.data;
  const canCreate = !!data?.canManage && !data.readOnly;
  const [y, m] = month.split("-").map(Number) as [number, number];
  const monthTitle = format.monthYear(new Date(y, m - 1, 1).getTime());

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageHeading>{t("title")}</PageHeading>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setSubscribing(true)} onPointerEnter={() => void FeedDialog.preload()}>
            <Rss className="mr-2 h-4 w-4" aria-hidden="true" />
            {t("feed.button")}
          </Button>
          {canCreate && (
            <Button onClick={() => setCreating(true)} onPointerEnter={() => void CreateEventDialog.preload()}>
              <Plus className="mr-2 h-4 w-4" aria-hidden="true" />
              {t("createEvent")}
            </Button>
          )}
        </div>
      </div>
      {data?.readOnly && (
        <p className="mt-4 rounded-xl border border-border bg-muted p-3 text-sm text-foreground">{t("readOnly")}</p>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Segmented<View>
          label={t("views.label")}
          value={view}
          onChange={setView}
          options={[
            { value: "list", label: t("views.list") },
            { value: "month", label: t("views.month") },
          ]}
        />
        {view === "list" ? (
          <Segmented<EventFilter>
            label={t("filters.label")}
            value={filter}
            onChange={setFilter}
            options={eventFilters.map((f) => ({ value: f, label: t(`filters.${f}`) }))}
          />
        ) : (
          // Wraps on a phone: 'Текущий месяц' does not fit beside the month's name.
          <div className="flex flex-wrap items-center gap-2">
            <Button
              size="icon"
              variant="outline"
              aria-label={t("month.previous")}
              onClick={() => setMonth((mo) => shiftMonth(mo, -1))}
            >
              <ChevronLeft className="h-4 w-4" aria-hidden="true" />
            </Button>
            <h2 className="min-w-40 text-center font-semibold text-foreground" aria-live="polite">
              {monthTitle}
            </h2>
            <Button
              size="icon"
              variant="outline"
              aria-label={t("month.next")}
              onClick={() => setMonth((mo) => shiftMonth(mo, 1))}
            >
              <ChevronRight className="h-4 w-4" aria-hidden="true" />
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setMonth(monthOf(new Date()))}>
              {t("month.today")}
            </Button>
          </div>
        )}
      </div>

      {query.isPending ? (
        <div className="mt-6 space-y-4" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-36 animate-pulse rounded-2xl border border-border bg-surface" />
          ))}
        </div>
      ) : query.isError ? (
        <LoadError className="mt-6" message={t("loadFailed")} retryLabel={t("retry")} onRetry={() => void query.refetch()} />
      ) : (
        <div className="mt-6 space-y-4">
          {view === "month" && <MonthGrid month={month} events={query.data.events} />}
          {query.data.events.length === 0 ? (
            <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-input bg-surface p-10 text-center">
              <CalendarDays className="h-10 w-10 text-muted-foreground" aria-hidden="true" />
              <p className="text-foreground">{view === "month" ? t("empty.month") : t(`empty.${filter}`)}</p>
            </div>
          ) : (
            <ul className="space-y-4">
              {query.data.events.map((event) => (
                <li key={event.id}>
                  <EventCard event={event} readOnly={query.data.readOnly} highlighted={event.id === search.event} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {creating && (
        <Suspense fallback={null}>
          <CreateEventDialog communityId={communityId} open onOpenChange={setCreating} />
        </Suspense>
      )}
      {subscribing && (
        <Suspense fallback={null}>
          <FeedDialog open onOpenChange={setSubscribing} />
        </Suspense>
      )}
    </div>
  );
}
