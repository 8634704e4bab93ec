import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Input, Textarea } from "../../components/ui/input";
import { isApiError } from "../../lib/api";
import { useErrorMessage } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { useInitialFocus } from "../../lib/use-initial-focus";
import { GROUP_DESCRIPTION_MAX, GROUP_NAME_MAX } from "../../../common/contract/limits";

export type GroupFields = { name: string; description: string | null };

type GroupFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  submitLabel: string;
  initial?: GroupFields;
  pending: boolean;
  onSubmit: (fields: GroupFields) => Promise<unknown>;
  failedTitle: string;
};

type GroupFormProps = Pick<GroupFormDialogProps, "submitLabel" | "initial" | "pending" | "onSubmit" | "failedTitle"> & {
  onDone: () => void;
};

function GroupForm({ submitLabel, initial, pending, onSubmit, failedTitle, onDone }: GroupFormProps) {
  const { t } = useTranslation("messages");
  const errorMessage = useErrorMessage();
  const [name, setName] = useState(initial?.name ?? "");
  const [description, setDescription] = useState(initial?.description ?? "");
  const [issues, setIssues] = useState<Record<string, string>>({});
  const nameRef = useInitialFocus<HTMLInputElement>(true);

  const submit = async () => {
    if (!name.trim()) return setIssues({ name: t("groups.nameRequired") });
    try {
      await onSubmit({ name: name.trim(), description: description.trim() || null });
      onDone();
    } catch (err) {
      if (isApiError(err) && err.issues.length) setIssues(Object.fromEntries(err.issues.map((i) => [i.path, i.message])));
      toast({ title: failedTitle, description: errorMessage(err), variant: "destructive" });
    }
  };

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Field label={t("groups.name")} error={issues.name}>
        <Input ref={nameRef} value={name} maxLength={GROUP_NAME_MAX} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Field label={t("groups.description")} error={issues.description}>
        <Textarea
          rows={3}
          value={description}
          maxLength={GROUP_DESCRIPTION_MAX}
          onChange={(e) => setDescription(e.target.value)}
        />
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone} disabled={pending}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** Creating and renaming a group chat: the server's field messages show under their fields. */
export function GroupFormDialog({ open, onOpenChange, title, ...form }: GroupFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !form.pending && onOpenChange(next)} title={title}>
      {/* Mounted afresh on every opening, so it starts from the group as it is now. */}
      {open && <GroupForm {...form} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}
