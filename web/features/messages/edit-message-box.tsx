import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { Textarea } from "../../components/ui/input";
import { useInitialFocus } from "../../lib/use-initial-focus";
import { MESSAGE_MAX } from "../../../common/contract/limits";

type EditMessageBoxProps = { initial: string; onSave: (content: string) => Promise<void>; onCancel: () => void };

/** Editing in place: Enter saves, Shift+Enter adds a line, Escape leaves the message as it was. */
export function EditMessageBox({ initial, onSave, onCancel }: EditMessageBoxProps) {
  const { t } = useTranslation("messages");
  const [value, setValue] = useState(initial);
  const [saving, setSaving] = useState(false);
  const ref = useInitialFocus<HTMLTextAreaElement>(true);
  const trimmed = value.trim();

  const save = async () => {
    if (!trimmed || saving) return;
    if (trimmed === initial.trim()) return onCancel();
    setSaving(true);
    try {
      await onSave(trimmed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="min-w-[14rem] space-y-2">
      <Textarea
        ref={ref}
        rows={2}
        value={value}
        maxLength={MESSAGE_MAX}
        aria-label={t("message.editLabel")}
        className="bg-surface text-foreground"
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Escape") {
            e.preventDefault();
            onCancel();
          } else if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void save();
          }
        }}
      />
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="secondary" onClick={onCancel} disabled={saving}>
          {t("common.cancel")}
        </Button>
        <Button size="sm" onClick={() => void save()} disabled={!trimmed} loading={saving}>
          {t("message.save")}
        </Button>
      </div>
    </div>
  );
}
