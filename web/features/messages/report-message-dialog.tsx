import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Textarea } from "../../components/ui/input";
import { isApiError } from "../../lib/api";
import { useErrorMessage } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { REPORT_REASON_MAX } from "../../../common/contract/limits";
import { useReportMessage } from "./chat-mutations";

type ReportMessageDialogProps = { messageId: string | null; onClose: () => void };

/** A message goes to the report queue with a reason; reporting it twice answers 409 and says so. */
export function ReportMessageDialog({ messageId, onClose }: ReportMessageDialogProps) {
  const { t } = useTranslation("messages");
  const errorMessage = useErrorMessage();
  const report = useReportMessage();
  const fieldId = useId();
  const [reason, setReason] = useState("");

  const close = () => {
    if (report.isPending) return;
    setReason("");
    onClose();
  };

  const submit = () => {
    const trimmed = reason.trim();
    if (!trimmed || !messageId) return;
    report.mutate(
      { id: messageId, reason: trimmed },
      {
        onSuccess: () => {
          toast({ title: t("report.success"), variant: "success" });
          setReason("");
          onClose();
        },
        onError: (err) => {
          if (isApiError(err, 409)) {
            toast({ title: t("report.already") });
            setReason("");
            onClose();
          } else {
            toast({ title: t("report.failed"), description: errorMessage(err), variant: "destructive" });
          }
        },
      },
    );
  };

  return (
    <Dialog open={messageId !== null} onOpenChange={(open) => !open && close()} title={t("report.title")} description={t("report.description")}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="space-y-1.5">
          <label htmlFor={fieldId} className="text-sm font-medium text-foreground">
            {t("report.reason")}
          </label>
          <Textarea
            id={fieldId}
            rows={4}
            value={reason}
            maxLength={REPORT_REASON_MAX}
            placeholder={t("report.reasonPlaceholder")}
            disabled={report.isPending}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={close} disabled={report.isPending}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" disabled={!reason.trim()} loading={report.isPending}>
            {t("report.submit")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
