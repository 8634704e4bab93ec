import { cn } from "../../lib/cn";
import { readableTextOn, safeColor } from "./topic-colors";
import type { TopicRef } from "../../../common/contract/feed";

export function TopicBadge({ topic, className }: { topic: TopicRef; className?: string }) {
  const color = safeColor(topic.color);
  return (
    <span
      className={cn("inline-flex max-w-full items-center truncate rounded-full px-2.5 py-0.5 text-xs font-medium", className)}
      style={{ backgroundColor: color, color: readableTextOn(color) }}
    >
      {topic.name}
    </span>
  );
}

export function TopicDot({ color, className }: { color: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn("h-2.5 w-2.5 shrink-0 rounded-full", className)}
      style={{ backgroundColor: safeColor(color) }}
    />
  );
}
