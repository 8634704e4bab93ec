import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type TextareaHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../components/ui/avatar";
import { Textarea } from "../../components/ui/input";
import { cn } from "../../lib/cn";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import { activeMentionQuery, storedLength, type Mention } from "../../lib/mention-tokens";
import { mentionCandidatesQueryOptions } from "./queries";
import type { MentionCandidate } from "../../../common/contract/feed";

/** What the textarea shows ('@Full Name') and which person each such name stands for. */
export type MentionValue = { text: string; mentions: Mention[] };

export const emptyMentionValue: MentionValue = { text: "", mentions: [] };

type MentionTextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "value" | "onChange" | "maxLength"> & {
  communityId: string;
  value: MentionValue;
  onChange: (value: MentionValue) => void;
  /** Counted on the stored text (with mention tokens), which is what the server limits. */
  maxLength: number;
};

/**
 * A textarea that offers community members after '@' + letters, as a listbox driven from the textarea
 * (arrow keys, Enter or Tab to pick, Escape to dismiss; focus never leaves the text). Picking inserts
 * '@Full Name' and remembers the person, so the stored text gets `@[Full Name](userId)`.
 */
export function MentionTextarea({
  communityId,
  value,
  onChange,
  maxLength,
  onKeyDown,
  className,
  ...props
}: MentionTextareaProps) {
  const { t } = useTranslation("feed");
  const listId = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const [caret, setCaret] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [highlight, setHighlight] = useState<{ query: string; index: number }>({ query: "", index: 0 });

  const active = activeMentionQuery(value.text, caret);
  const debounced = useDebouncedValue(active?.query ?? "", 150);
  const candidates = useQuery({
    ...mentionCandidatesQueryOptions(communityId, debounced),
    enabled: !!active && debounced.length > 0,
    placeholderData: keepPreviousData,
  });
  const options: MentionCandidate[] = active && active.start !== dismissedAt ? (candidates.data ?? []) : [];
  const open = options.length > 0;
  const index = highlight.query === active?.query ? Math.min(highlight.index, options.length - 1) : 0;

  useLayoutEffect(() => {
    if (pendingCaret.current === null || !ref.current) return;
    ref.current.focus();
    ref.current.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  }, [value.text]);

  const change = (text: string, mentions: Mention[], nextCaret: number) => {
    setCaret(nextCaret);
    onChange({ text, mentions });
  };

  const onTextChange = (next: string, nextCaret: number) => {
    const overflow = storedLength(next, value.mentions) - maxLength;
    if (overflow > 0) {
      // Like the native maxLength: what was typed or pasted is cut, the rest of the text stays.
      const grew = next.length - value.text.length;
      if (grew <= 0) return change(next, value.mentions, nextCaret);
      const keep = Math.max(0, grew - overflow);
      const start = nextCaret - grew;
      const trimmed = next.slice(0, start + keep) + next.slice(nextCaret);
      if (storedLength(trimmed, value.mentions) > maxLength) return;
      pendingCaret.current = start + keep;
      return change(trimmed, value.mentions, start + keep);
    }
    change(next, value.mentions, nextCaret);
  };

  const choose = (person: MentionCandidate) => {
    if (!active) return;
    const end = active.start + 1 + active.query.length;
    const insert = `@${person.fullName} `;
    const text = value.text.slice(0, active.start) + insert + value.text.slice(end);
    const mentions = [...value.mentions.filter((m) => m.name !== person.fullName), { id: person.id, name: person.fullName }];
    if (storedLength(text, mentions) > maxLength) return;
    pendingCaret.current = active.start + insert.length;
    change(text, mentions, active.start + insert.length);
  };

  const handleKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open && active) {
      if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        e.preventDefault();
        const step = e.key === "ArrowDown" ? 1 : -1;
        setHighlight({ query: active.query, index: (index + step + options.length) % options.length });
        return;
      }
      if (e.key === "Enter" || e.key === "Tab") {
        e.preventDefault();
        choose(options[index]!);
        return;
      }
      if (e.key === "Escape") {
        // Only the suggestions close; a surrounding dialog stays open.
        e.preventDefault();
        e.stopPropagation();
        setDismissedAt(active.start);
        return;
      }
    }
    onKeyDown?.(e);
  };

  const optionId = (i: number) => `${listId}-option-${i}`;

  return (
    <div className="relative">
      <Textarea
        ref={ref}
        {...props}
        value={value.text}
        onChange={(e) => onTextChange(e.target.value, e.target.selectionStart ?? e.target.value.length)}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart ?? 0)}
        onKeyDown={handleKeyDown}
        onBlur={() => active && setDismissedAt(active.start)}
        onFocus={() => setDismissedAt(null)}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(index) : undefined}
        className={cn("resize-y", className)}
      />
      {open && (
        <ul
          id={listId}
          role="listbox"
          aria-label={t("mentions.suggestions")}
          className="absolute inset-x-0 top-full z-30 mt-1 max-h-56 overflow-y-auto rounded-xl border border-border bg-surface p-1 shadow-lg"
        >
          {options.map((person, i) => (
            <li
              key={person.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === index}
              // Keep focus (and the caret) in the textarea while clicking a suggestion.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(person)}
              className={cn(
                "flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-foreground",
                i === index ? "bg-muted" : "hover:bg-muted",
              )}
            >
              <Avatar src={person.avatarUrl} name={person.fullName} size="xs" />
              <span className="truncate">{person.fullName}</span>
            </li>
          ))}
        </ul>
      )}
      <span className="sr-only" aria-live="polite">
        {open ? t("mentions.count", { count: options.length }) : ""}
      </span>
    </div>
  );
}
