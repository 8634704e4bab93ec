import { useTranslation } from "react-i18next";
import { ReportDialog as CoreReportDialog } from "../../components/report-dialog";
import { useReport } from "./post-mutations";

type ReportDialogProps = { kind: "post" | "comment"; id: string; open: boolean; onOpenChange: (open: boolean) => void };

/** A post or comment goes to the community's moderators and staff. */
export default function ReportDialog({ kind, id, open, onOpenChange }: ReportDialogProps) {
  const { t } = useTranslation("feed");
  const report = useReport();
  return (
    <CoreReportDialog
      open={open}
      onOpenChange={onOpenChange}
      title={kind === "post" ? t("report.postTitle") : t("report.commentTitle")}
      description={t("report.description")}
      send={(reason, callbacks) => report.mutate({ kind, id, reason }, callbacks)}
      pending={report.isPending}
    />
  );
}
