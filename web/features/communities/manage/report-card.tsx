import { Link } from "@tanstack/react-router";
import { Check, ExternalLink, Flag, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { useRelativeTime } from "../../../lib/time";
import type { Report } from "../../../../common/contract/reports";

type ReportCardProps = {
  /** A staff queue report names its reporter and the community's decision; a community's does neither. */
  report: Report;
  /** Staff see reports from every community, so they are told which one. */
  showCommunity?: boolean;
  pending: "resolve" | "dismiss" | null;
  onDecide: (decision: "resolve" | "dismiss") => void;
};

/**
 * A reported post, comment or message: what was said, why it was reported, and the two decisions. Who
 * reported it is shown to staff only; the community's queue never receives it.
 */
export function ReportCard({ report, showCommunity, pending, onDecide }: ReportCardProps) {
  const { t } = useTranslation("communities");
  const relative = useRelativeTime();
  const titleId = `report-${report.id}`;
  return (
    <article aria-labelledby={titleId} className="space-y-3 rounded-xl border border-border bg-surface p-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <h3 id={titleId} className="inline-flex items-center gap-1.5 font-semibold text-foreground">
          <Flag className="h-4 w-4 text-destructive-text" aria-hidden="true" />
          {t(`reports.kind.${report.targetKind}`)}
        </h3>
        <span className="text-muted-foreground">
          {"reporter" in report && (
            <>{t("reports.reportedBy", { name: report.reporter?.fullName || t("common.unknownUser") })} · </>
          )}
          {relative(report.createdAt)}
        </span>
        {showCommunity && report.community && <span className="text-muted-foreground">· {report.community.name}</span>}
        {"communityStatus" in report && report.communityStatus && (
          <Badge>{t(`reports.communityStatus.${report.communityStatus}`)}</Badge>
        )}
      </div>
      {report.excerpt ? (
        <blockquote className="rounded-lg border-l-4 border-border bg-muted px-3 py-2 text-sm break-words whitespace-pre-line text-foreground">
          {report.excerpt}
        </blockquote>
      ) : (
        <p className="text-sm text-muted-foreground italic">{t("reports.contentGone")}</p>
      )}
      <p className="text-sm text-foreground">
        <span className="font-medium">{t("reports.reason")}</span> {report.reason}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" onClick={() => onDecide("resolve")} loading={pending === "resolve"} disabled={pending !== null}>
          <Check className="h-4 w-4" aria-hidden="true" />
          {t("reports.resolve")}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => onDecide("dismiss")}
          loading={pending === "dismiss"}
          disabled={pending !== null}
        >
          <X className="h-4 w-4" aria-hidden="true" />
          {t("reports.dismiss")}
        </Button>
        {report.postId && (
          <Link
            to="/post/$postId"
            params={{ postId: report.postId }}
            className="ml-auto inline-flex items-center gap-1 text-sm font-medium text-link hover:underline"
          >
            <ExternalLink className="h-4 w-4" aria-hidden="true" />
            {t("reports.openPost")}
          </Link>
        )}
      </div>
    </article>
  );
}
