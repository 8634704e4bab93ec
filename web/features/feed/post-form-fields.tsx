import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Input, inputClasses } from "../../components/ui/input";
import { cn } from "../../lib/cn";
import { CharCounter } from "../../components/char-counter";
import { POST_CONTENT_MAX, POST_HEADLINE_MAX } from "../../../common/contract/limits";
import { storedLength } from "../../lib/mention-tokens";
import { MentionTextarea, type MentionValue } from "./mention-textarea";
import { topicsQueryOptions } from "./queries";

export type PostFormValue = { headline: string; content: MentionValue; topicId: string };

type PostFormFieldsProps = {
  communityId: string;
  value: PostFormValue;
  onChange: (value: PostFormValue) => void;
  disabled?: boolean;
};

/** Headline, content and topic, shared by the create and edit dialogs. */
export function PostFormFields({ communityId, value, onChange, disabled }: PostFormFieldsProps) {
  const { t } = useTranslation("feed");
  const id = useId();
  const topics = useQuery(topicsQueryOptions(communityId));
  const contentLength = storedLength(value.content.text, value.content.mentions);

  return (
    <div className="space-y-4">
      <div className="space-y-1.5">
        <div className="flex items-baseline justify-between gap-2">
          <label htmlFor={`${id}-headline`} className="text-sm font-medium text-foreground">
            {t("create.headline")}
          </label>
          <CharCounter id={`${id}-headline-count`} length={value.headline.length} max={POST_HEADLINE_MAX} />
        </div>
        <Input
          id={`${id}-headline`}
          value={value.headline}
          maxLength={POST_HEADLINE_MAX}
          disabled={disabled}
          placeholder={t("create.headlinePlaceholder")}
          aria-describedby={`${id}-headline-count`}
          onChange={(e) => onChange({ ...value, headline: e.target.value })}
        />
      </div>
      <div className="space-y-1.5">
        <div className="flex items-baseline justify-between gap-2">
          <label htmlFor={`${id}-content`} className="text-sm font-medium text-foreground">
            {t("create.content")}
          </label>
          <CharCounter id={`${id}-content-count`} length={contentLength} max={POST_CONTENT_MAX} />
        </div>
        <MentionTextarea
          id={`${id}-content`}
          communityId={communityId}
          value={value.content}
          maxLength={POST_CONTENT_MAX}
          rows={5}
          disabled={disabled}
          required
          placeholder={t("create.contentPlaceholder")}
          aria-describedby={`${id}-content-count`}
          onChange={(content) => onChange({ ...value, content })}
        />
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-topic`} className="block text-sm font-medium text-foreground">
          {t("create.topic")}
        </label>
        <select
          id={`${id}-topic`}
          value={value.topicId}
          disabled={disabled}
          onChange={(e) => onChange({ ...value, topicId: e.target.value })}
          className={cn(inputClasses, "h-10")}
        >
          <option value="">{t("create.none")}</option>
          {(topics.data ?? []).map((topic) => (
            <option key={topic.id} value={topic.id}>
              {topic.name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
