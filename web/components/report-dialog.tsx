import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { REPORT_REASON_MAX } from "../../common/contract/limits";
import { isApiError } from "../lib/api";
import { useErrorMessage } from "../lib/errors";
import { toast } from "../lib/toast";
import { CharCounter } from "./char-counter";
import { Button } from "./ui/button";
import { Dialog } from "./ui/dialog";
import { Textarea } from "./ui/input";

type Callbacks = { onSuccess: () => void; onError: (error: unknown) => void };

export type ReportDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** Files the report (a mutation's `mutate`); an answer of 409 means this person reported it before. */
  send: (reason: string, callbacks: Callbacks) => void;
  pending: boolean;
};

/**
 * A report of a post, comment or message, with its reason: it goes to the moderators and staff.
 * Reporting the same thing twice says so in place rather than failing.
 */
export function ReportDialog({ open, onOpenChange, title, description, send, pending }: ReportDialogProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const fieldId = useId();
  const [reason, setReason] = useState("");
  const [already, setAlready] = useState(false);

  const close = (next: boolean) => {
    if (pending) return;
    if (!next) {
      setReason("");
      setAlready(false);
    }
    onOpenChange(next);
  };

  const submit = () => {
    const trimmed = reason.trim();
    if (!trimmed) return;
    send(trimmed, {
      onSuccess: () => {
        toast({ title: t("report.sent"), description: t("report.sentDescription"), variant: "success" });
        setReason("");
        onOpenChange(false);
      },
      onError: (err) => {
        if (isApiError(err, 409)) {
          setAlready(true);
          toast({ title: t("report.already") });
        } else {
          toast({ title: t("report.failed"), description: errorMessage(err), variant: "destructive" });
        }
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={close} title={title} description={description}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        className="space-y-4"
      >
        <div className="space-y-1.5">
          <div className="flex items-baseline justify-between gap-2">
            <label htmlFor={fieldId} className="text-sm font-medium text-foreground">
              {t("report.reason")}
            </label>
            <CharCounter id={`${fieldId}-count`} length={reason.length} max={REPORT_REASON_MAX} />
          </div>
          <Textarea
            id={fieldId}
            rows={4}
            value={reason}
            maxLength={REPORT_REASON_MAX}
            placeholder={t("report.reasonPlaceholder")}
            aria-describedby={`${fieldId}-count`}
            disabled={pending || already}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        {already && (
          <p role="status" className="rounded-lg bg-muted p-3 text-sm text-foreground">
            {t("report.already")}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => close(false)} disabled={pending}>
            {already ? t("common.close") : t("common.cancel")}
          </Button>
          {!already && (
            <Button type="submit" disabled={!reason.trim()} loading={pending}>
              {pending ? t("report.submitting") : t("report.submit")}
            </Button>
          )}
        </div>
      </form>
    </Dialog>
  );
}
