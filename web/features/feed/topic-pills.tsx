import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn";
import { TopicDot } from "./topic-badge";
import { readableTextOn, safeColor } from "./topic-colors";
import type { Topic } from "../../../common/contract/communities";

type TopicPillsProps = { topics: Topic[]; selected: string | null; onSelect: (topicId: string | null) => void };

const pill =
  "inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-sm font-medium whitespace-nowrap transition-colors";

/** 'All Posts' plus each topic in its colour; toggle buttons, so the chosen one is announced as pressed. */
export function TopicPills({ topics, selected, onSelect }: TopicPillsProps) {
  const { t } = useTranslation("feed");
  return (
    <div
      role="group"
      aria-label={t("topics.label")}
      className="scrollbar-none -mx-1 flex min-w-0 gap-2 overflow-x-auto px-1 py-0.5 sm:flex-wrap"
    >
      <button
        type="button"
        aria-pressed={selected === null}
        onClick={() => onSelect(null)}
        className={cn(
          pill,
          selected === null
            ? "border-foreground bg-foreground text-background"
            : "border-border bg-surface text-foreground hover:bg-muted",
        )}
      >
        {t("topics.all")}
      </button>
      {topics.map((topic) => {
        const active = selected === topic.id;
        const color = safeColor(topic.color);
        return (
          <button
            key={topic.id}
            type="button"
            aria-pressed={active}
            onClick={() => onSelect(active ? null : topic.id)}
            className={cn(pill, active ? "" : "bg-surface text-foreground hover:bg-muted")}
            style={active ? { backgroundColor: color, borderColor: color, color: readableTextOn(color) } : { borderColor: color }}
          >
            {!active && <TopicDot color={color} />}
            {topic.name}
          </button>
        );
      })}
    </div>
  );
}
