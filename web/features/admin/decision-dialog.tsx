import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Textarea } from "../../components/ui/input";
import { useInitialFocus } from "../../lib/use-initial-focus";

const REASON_MAX = 1000;

type DecisionDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  kind: "reject" | "suspend" | "reject_edit";
  communityName: string;
  pending: boolean;
  serverError: string | null;
  onSubmit: (reason: string) => void;
};

/** Reject a community or its changes (a reason is required: the owner reads it) or suspend (a reason is optional). */
export function DecisionDialog({ open, onOpenChange, kind, communityName, pending, serverError, onSubmit }: DecisionDialogProps) {
  const { t } = useTranslation("admin");
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title={t(`decision.${kind}.title`, { name: communityName })}
      description={t(`decision.${kind}.description`)}
    >
      {open && (
        <ReasonForm
          kind={kind}
          pending={pending}
          serverError={serverError}
          onSubmit={onSubmit}
          onCancel={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}

function ReasonForm({
  kind,
  pending,
  serverError,
  onSubmit,
  onCancel,
}: Pick<DecisionDialogProps, "kind" | "pending" | "serverError" | "onSubmit"> & { onCancel: () => void }) {
  const { t } = useTranslation("admin");
  const [reason, setReason] = useState("");
  const reasonRef = useInitialFocus<HTMLTextAreaElement>(true);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const required = kind !== "suspend";
    if (required && !reason.trim()) return setError(t("decision.reasonRequired"));
    setError(null);
    onSubmit(reason.trim());
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Field label={kind !== "suspend" ? t("decision.reason") : t("decision.reasonOptional")} error={error ?? serverError}>
        <Textarea ref={reasonRef} rows={4} maxLength={REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          {t("decision.cancel")}
        </Button>
        <Button type="submit" variant="destructive" loading={pending}>
          {t(`decision.${kind}.confirm`)}
        </Button>
      </div>
    </form>
  );
}
