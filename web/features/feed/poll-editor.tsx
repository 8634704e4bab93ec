import { BarChart3, Plus, X } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import { Input } from "../../components/ui/input";
import { POLL_OPTION_MAX, POLL_OPTIONS_MAX, POLL_OPTIONS_MIN } from "../../../common/contract/limits";
import type { PollBody } from "../../../common/contract/poll";

/** The poll as the author edits it: options keep a key so removing one keeps the others' focus and text. */
export type PollDraft = { options: { key: number; text: string }[]; multipleChoice: boolean; closesAt: string };

let nextKey = 0;
const option = () => ({ key: nextKey++, text: "" });
export const newPollDraft = (): PollDraft => ({ options: [option(), option()], multipleChoice: false, closesAt: "" });

/** `datetime-local` speaks the browser's local time without a zone: the value for `ms`. */
function localInputValue(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

/** What is wrong with the draft (a key of the feed's `poll` texts), or the body to send. */
export function pollFromDraft(draft: PollDraft, now = Date.now()): { error: string } | { poll: PollBody } {
  const options = draft.options.map((o) => o.text.trim());
  if (options.some((o) => o === "")) return { error: "poll.optionRequired" };
  if (new Set(options.map((o) => o.toLocaleLowerCase())).size !== options.length) return { error: "poll.optionsDiffer" };
  const closesAt = draft.closesAt ? new Date(draft.closesAt).getTime() : null;
  if (closesAt !== null && (!Number.isFinite(closesAt) || closesAt <= now)) return { error: "poll.closesInPast" };
  return { poll: { options, multipleChoice: draft.multipleChoice, closesAt } };
}

type PollEditorProps = { value: PollDraft | null; onChange: (value: PollDraft | null) => void; disabled: boolean };

/** 'Add poll' in the post form: 2 to 10 options, multiple choice or not, and an optional closing time. */
export function PollEditor({ value, onChange, disabled }: PollEditorProps) {
  const { t } = useTranslation("feed");
  const id = useId();
  // The earliest closing time the picker offers: when the form opened (the server checks the real one).
  const [openedAt] = useState(() => Date.now());
  if (!value) {
    return (
      <Button variant="outline" size="sm" onClick={() => onChange(newPollDraft())} disabled={disabled}>
        <BarChart3 className="h-4 w-4" aria-hidden="true" />
        {t("poll.add")}
      </Button>
    );
  }
  const setOption = (key: number, text: string) =>
    onChange({ ...value, options: value.options.map((o) => (o.key === key ? { ...o, text } : o)) });
  return (
    <fieldset className="space-y-2 rounded-xl border border-border p-3" disabled={disabled}>
      <legend className="px-1 text-sm font-medium text-foreground">{t("poll.title")}</legend>
      <ol className="space-y-2">
        {value.options.map((o, index) => (
          <li key={o.key} className="flex items-center gap-2">
            <label htmlFor={`${id}-${o.key}`} className="sr-only">
              {t("poll.optionLabel", { index: index + 1 })}
            </label>
            <Input
              id={`${id}-${o.key}`}
              value={o.text}
              maxLength={POLL_OPTION_MAX}
              placeholder={t("poll.optionLabel", { index: index + 1 })}
              onChange={(e) => setOption(o.key, e.target.value)}
            />
            <Button
              variant="ghost"
              size="icon"
              className="shrink-0"
              aria-label={t("poll.removeOption", { index: index + 1 })}
              disabled={value.options.length <= POLL_OPTIONS_MIN}
              onClick={() => onChange({ ...value, options: value.options.filter((x) => x.key !== o.key) })}
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ol>
      <Button
        variant="ghost"
        size="sm"
        disabled={value.options.length >= POLL_OPTIONS_MAX}
        onClick={() => onChange({ ...value, options: [...value.options, option()] })}
      >
        <Plus className="h-4 w-4" aria-hidden="true" />
        {value.options.length >= POLL_OPTIONS_MAX ? t("poll.optionsMax", { max: POLL_OPTIONS_MAX }) : t("poll.addOption")}
      </Button>
      <Checkbox
        label={t("poll.multipleChoice")}
        checked={value.multipleChoice}
        onChange={(e) => onChange({ ...value, multipleChoice: e.target.checked })}
      />
      <div className="space-y-1">
        <label htmlFor={`${id}-closes`} className="block text-sm text-foreground">
          {t("poll.closesAt")}
        </label>
        <Input
          id={`${id}-closes`}
          type="datetime-local"
          min={localInputValue(openedAt)}
          value={value.closesAt}
          onChange={(e) => onChange({ ...value, closesAt: e.target.value })}
          className="sm:w-auto"
        />
      </div>
      <Button variant="link" size="sm" onClick={() => onChange(null)}>
        {t("poll.remove")}
      </Button>
    </fieldset>
  );
}
