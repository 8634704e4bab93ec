import type { Highlighted } from "../../../common/contract/search";

/**
 * Text with the server's match ranges wrapped in <mark>. Every part is a React text node, so whatever
 * the text holds (markup included) is shown as typed, never interpreted.
 */
export function HighlightedText({ value }: { value: Highlighted }) {
  const { text, marks } = value;
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [start, end] of marks) {
    if (start < at || end <= start || end > text.length) continue;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <mark key={start} className="rounded-sm bg-primary/15 px-0.5 font-semibold text-inherit dark:bg-primary/35">
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
