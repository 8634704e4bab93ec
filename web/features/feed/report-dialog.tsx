import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Textarea } from "../../components/ui/input";
import { isApiError } from "../../lib/api";
import { useErrorMessage } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { CharCounter } from "./char-counter";
import { REPORT_REASON_MAX } from "../../../common/contract/limits";
import { useReport } from "./post-mutations";

type ReportDialogProps = { kind: "post" | "comment"; id: string; open: boolean; onOpenChange: (open: boolean) => void };

/** Reports go to the community's moderators and staff; reporting twice answers 409 and says so. */
export default function ReportDialog({ kind, id, open, onOpenChange }: ReportDialogProps) {
  const { t } = useTranslation("feed");
  const errorMessage = useErrorMessage();
  const report = useReport();
  const fieldId = useId();
  const [reason, setReason] = useState("");
  const [already, setAlready] = useState(false);

  const close = (next: boolean) => {
    if (report.isPending) return;
    if (!next) {
      setReason("");
      setAlready(false);
    }
    onOpenChange(next);
  };

  const submit = () => {
    const trimmed = reason.trim();
    if (!trimmed) return;
    report.mutate(
      { kind, id, reason: trimmed },
      {
        onSuccess: () => {
          toast({ title: t("report.successTitle"), description: t("report.successDescription"), variant: "success" });
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
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={kind === "post" ? t("report.postTitle") : t("report.commentTitle")}
      description={t("report.description")}
    >
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
            disabled={report.isPending || already}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        {already && (
          <p role="status" className="rounded-lg bg-muted p-3 text-sm text-foreground">
            {t("report.already")}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => close(false)} disabled={report.isPending}>
            {already ? t("common.close") : t("common.cancel")}
          </Button>
          {!already && (
            <Button type="submit" disabled={!reason.trim()} loading={report.isPending}>
              {report.isPending ? t("report.submitting") : t("report.submit")}
            </Button>
          )}
        </div>
      </form>
    </Dialog>
  );
}
