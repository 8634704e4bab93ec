import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { CharCounter } from "../../components/char-counter";
import { storedLength, toStored } from "../../lib/mention-tokens";
import { emptyMentionValue, MentionTextarea, type MentionValue } from "./mention-textarea";

type CommentBoxProps = {
  communityId: string;
  max: number;
  label: string;
  placeholder: string;
  submitLabel: string;
  pending: boolean;
  /** Resolves when the server took it (the box then empties); rejects to keep the text for another try. */
  onSubmit: (content: string) => Promise<unknown>;
  onCancel?: () => void;
  autoFocus?: boolean;
};

/** A comment or reply box: counter, mentions, disabled while blank or posting; Ctrl/⌘+Enter sends. */
export function CommentBox({
  communityId,
  max,
  label,
  placeholder,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
  autoFocus,
}: CommentBoxProps) {
  const { t } = useTranslation("feed");
  const id = useId();
  const [value, setValue] = useState<MentionValue>(emptyMentionValue);
  const content = toStored(value.text, value.mentions).trim();

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!content || pending) return;
    onSubmit(content).then(
      () => setValue(emptyMentionValue),
      () => {},
    );
  };

  return (
    <form onSubmit={submit} className="space-y-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <MentionTextarea
        id={id}
        communityId={communityId}
        value={value}
        onChange={setValue}
        maxLength={max}
        rows={2}
        placeholder={placeholder}
        disabled={pending}
        autoFocus={autoFocus}
        aria-describedby={`${id}-count`}
        onKeyDown={(e) => {
          if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) submit();
          if (e.key === "Escape" && onCancel) {
            e.preventDefault();
            setValue(emptyMentionValue);
            onCancel();
          }
        }}
      />
      <div className="flex items-center justify-between gap-2">
        <CharCounter id={`${id}-count`} length={storedLength(value.text, value.mentions)} max={max} />
        <div className="flex gap-2">
          {onCancel && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setValue(emptyMentionValue);
                onCancel();
              }}
              disabled={pending}
            >
              {t("common.cancel")}
            </Button>
          )}
          <Button type="submit" size="sm" disabled={!content || pending} loading={pending}>
            {pending ? t("comments.posting") : submitLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}
