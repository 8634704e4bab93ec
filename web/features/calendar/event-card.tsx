import { CalendarDays, CalendarPlus, ExternalLink, MapPin, Users } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CalendarEvent } from "../../../common/contract/calendar";
import { Avatar } from "../../components/ui/avatar";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { useErrorMessage } from "../../lib/errors";
import { useFormatter } from "../../lib/format/formatter";
import { toast } from "../../lib/toast";
import { formatEventRange } from "./event-time";
import { useAttendance } from "./mutations";
import { responsiveImage } from "../../../common/image-widths";

type EventCardProps = {
  event: CalendarEvent;
  readOnly: boolean;
  /** The event the page was opened on (a search result): marked and scrolled to. */
  highlighted?: boolean;
};

/**
 * An event: type, image, time range, place or link, who attends, and Attend / Attending while it has
 * not ended (an ended one says so instead).
 */
export function EventCard({ event, readOnly, highlighted = false }: EventCardProps) {
  const { t } = useTranslation("calendar");
  const format = useFormatter();
  const errorMessage = useErrorMessage();
  const attendance = useAttendance(event.communityId);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView?.({ block: "center" });
  }, [highlighted]);
  // The card's moment: an event ending while it is shown loses Attend on the next visit.
  const [now] = useState(() => Date.now());
  const ended = event.endTime < now;
  const toggle = () =>
    attendance.mutate(
      { eventId: event.id, attending: !event.attending },
      {
        onSuccess: (r) => toast({ title: r.attending ? t("card.attendingNow") : t("card.notAttending"), variant: "success" }),
        onError: (err) => toast({ title: t("card.attendFailed"), description: errorMessage(err), variant: "destructive" }),
      },
    );
  return (
    <article
      ref={ref}
      className={cn(
        "flex flex-col overflow-hidden rounded-2xl border border-border bg-surface shadow-sm sm:flex-row",
        highlighted && "ring-2 ring-primary ring-offset-2 ring-offset-background",
      )}
      aria-labelledby={`event-${event.id}`}
      aria-current={highlighted || undefined}
    >
      {event.imageUrl && (
        <img
          {...responsiveImage(event.imageUrl)}
          sizes="(min-width: 640px) 14rem, 100vw"
          alt=""
          className="aspect-video w-full object-cover sm:w-56"
          loading="lazy"
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <Badge>{t(`types.${event.eventType}`)}</Badge>
          {ended && <Badge>{t("card.ended")}</Badge>}
        </div>
        <h2 id={`event-${event.id}`} className="text-lg font-semibold text-foreground">
          {event.name}
        </h2>
        <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
          <CalendarDays className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {formatEventRange(format, event.startTime, event.endTime)}
        </p>
        <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
          <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {event.location}
        </p>
        {event.eventUrl && (
          <a
            href={event.eventUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1.5 text-sm text-link hover:underline"
          >
            <ExternalLink className="h-4 w-4" aria-hidden="true" />
            {t("card.join")}
          </a>
        )}
        <a
          href={`/ics/events/${encodeURIComponent(event.id)}`}
          download
          className="inline-flex items-center gap-1.5 self-start text-sm text-link hover:underline"
        >
          <CalendarPlus className="h-4 w-4" aria-hidden="true" />
          {t("card.addToCalendar")}
        </a>
        {event.description && <p className="line-clamp-3 whitespace-pre-line text-sm text-foreground">{event.description}</p>}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-2">
          <div className="flex items-center gap-2 text-sm text-muted-foreground">
            <div className="flex -space-x-2" aria-hidden="true">
              {event.attendees.map((a) => (
                <Avatar key={a.id} src={a.avatarUrl} name={a.fullName} size="sm" className="ring-2 ring-surface" />
              ))}
            </div>
            <Users className="h-4 w-4" aria-hidden="true" />
            {t("card.attendees", { count: event.attendeesCount })}
          </div>
          {!readOnly && !ended && (
            <Button
              size="sm"
              variant={event.attending ? "outline" : "primary"}
              aria-pressed={event.attending}
              aria-label={
                event.attending ? t("card.unattend", { name: event.name }) : t("card.attendEvent", { name: event.name })
              }
              loading={attendance.isPending}
              onClick={toggle}
            >
              {event.attending ? t("card.attending") : t("card.attend")}
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}
