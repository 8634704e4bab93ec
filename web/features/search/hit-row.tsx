import { CalendarDays, FileText, GraduationCap, MessageSquare } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { SearchKind } from "../../../common/contract/enums";
import type { SearchHit } from "../../../common/contract/search";
import { Avatar } from "../../components/ui/avatar";
import { useFormatter } from "../../lib/format/formatter";
import { useRelativeTime } from "../../lib/time";
import { HighlightedText } from "./highlighted-text";

const icons: Partial<Record<SearchKind, typeof FileText>> = {
  posts: FileText,
  comments: MessageSquare,
  events: CalendarDays,
  courses: GraduationCap,
};

function Leading({ hit }: { hit: SearchHit }) {
  if (hit.kind === "people") return <Avatar src={hit.imageUrl} name={hit.title.text} size="sm" />;
  if (hit.kind === "communities") return <Avatar src={hit.imageUrl} name={hit.title.text} size="sm" shape="rounded" />;
  const Icon = icons[hit.kind] ?? FileText;
  return (
    <span
      className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground"
      aria-hidden="true"
    >
      <Icon className="h-4 w-4" />
    </span>
  );
}

/** What a result says under its title: where it is from, who wrote it, when. */
function useMeta(hit: SearchHit): string {
  const { t } = useTranslation();
  const relative = useRelativeTime();
  const format = useFormatter();
  const parts: string[] = [];
  if (hit.kind === "communities" && hit.membersCount !== null) parts.push(t("search.membersCount", { count: hit.membersCount }));
  if (hit.kind !== "communities" && hit.communityName) parts.push(hit.communityName);
  if (hit.authorName) parts.push(hit.authorName);
  if (hit.createdAt !== null) parts.push(relative(hit.createdAt));
  if (hit.startTime !== null) parts.push(format.dateTime(hit.startTime));
  return parts.join(" · ");
}

/** One result: its picture or icon, the title and snippet with the matched words marked, and where it is from. */
export function HitRow({ hit, compact = false }: { hit: SearchHit; compact?: boolean }) {
  const meta = useMeta(hit);
  return (
    <span className="flex min-w-0 flex-1 items-start gap-3">
      <Leading hit={hit} />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium text-foreground">
          <HighlightedText value={hit.title} />
        </span>
        {hit.snippet && (
          <span className={`block text-sm text-muted-foreground ${compact ? "truncate" : "line-clamp-2"}`}>
            <HighlightedText value={hit.snippet} />
          </span>
        )}
        {meta && <span className="block truncate text-xs text-muted-foreground">{meta}</span>}
      </span>
    </span>
  );
}
