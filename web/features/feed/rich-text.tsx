import { useMemo } from "react";
import { cn } from "../../lib/cn";
import { parseContent } from "../../lib/content-format";

/**
 * User text rendered as React nodes only (never innerHTML): http(s) URLs become links that open in a
 * new tab without referrer or opener, and mentions read '@Name', highlighted.
 */
export function RichText({ content, className }: { content: string; className?: string }) {
  const segments = useMemo(() => parseContent(content), [content]);
  return (
    <p className={cn("break-words whitespace-pre-wrap", className)}>
      {segments.map((s, i) =>
        s.type === "text" ? (
          s.text
        ) : s.type === "link" ? (
          <a
            key={i}
            href={s.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className="text-link underline underline-offset-2"
          >
            {s.text}
          </a>
        ) : (
          <span key={i} className="rounded bg-primary/10 px-0.5 font-medium text-link" data-user-id={s.userId}>
            @{s.name}
          </span>
        ),
      )}
    </p>
  );
}
