import { Plus, X } from "lucide-react";
import { useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { AUDIENCE_TAG_MAX, AUDIENCE_TAGS_MAX } from "../../../../common/contract/limits";
import { addTag } from "./form-model";

type AudienceTagsProps = {
  id: string;
  tags: string[];
  onChange: (tags: string[]) => void;
  error?: string | null;
  disabled?: boolean;
};

/** 'Who is this for?' tags: Enter or the plus button adds one; each has its own remove button. */
export function AudienceTags({ id, tags, onChange, error, disabled }: AudienceTagsProps) {
  const { t } = useTranslation("communities");
  const [text, setText] = useState("");
  const full = tags.length >= AUDIENCE_TAGS_MAX;

  const add = () => {
    const next = addTag(tags, text);
    if (next !== tags) onChange(next);
    setText("");
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter") {
      // Enter adds the tag instead of submitting the whole form.
      e.preventDefault();
      add();
    }
  };

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-foreground">
        {t("form.audience")}
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={text}
          maxLength={AUDIENCE_TAG_MAX}
          disabled={disabled || full}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t("form.audiencePlaceholder")}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          aria-invalid={error ? true : undefined}
        />
        <Button
          variant="outline"
          size="icon"
          onClick={add}
          disabled={disabled || full || !text.trim()}
          aria-label={t("form.addAudience")}
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {t("form.audienceHint", { max: AUDIENCE_TAGS_MAX })}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive-text">
          {error}
        </p>
      )}
      {tags.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t("form.audienceList")}>
          {tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-muted py-1 pr-1 pl-3 text-sm text-foreground"
            >
              <span className="truncate">{tag}</span>
              {!disabled && (
                <button
                  type="button"
                  onClick={() => onChange(tags.filter((x) => x !== tag))}
                  aria-label={t("form.removeAudience", { tag })}
                  className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:bg-border hover:text-foreground"
                >
                  <X className="h-3.5 w-3.5" aria-hidden="true" />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
