import { useTranslation } from "react-i18next";
import { ReportDialog } from "../../components/report-dialog";
import { useReportMessage } from "./chat-mutations";

type ReportMessageDialogProps = { messageId: string | null; onClose: () => void };

/** A message goes to the moderators and staff with a reason. */
export function ReportMessageDialog({ messageId, onClose }: ReportMessageDialogProps) {
  const { t } = useTranslation("messages");
  const report = useReportMessage();
  return (
    <ReportDialog
      open={messageId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t("report.title")}
      description={t("report.description")}
      send={(reason, callbacks) => messageId && report.mutate({ id: messageId, reason }, callbacks)}
      pending={report.isPending}
    />
  );
}
