import { Archive, Ban, Clock, XCircle } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn";
import type { ReviewStatus } from "../../../common/contract/enums";

const tones = {
  amber: "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100",
  red: "border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-100",
  slate: "border-border bg-muted text-foreground",
};

export function Banner({ tone, icon, children }: { tone: keyof typeof tones; icon: ReactNode; children: ReactNode }) {
  return (
    <div role="status" className={cn("flex items-start gap-3 rounded-xl border p-4 text-sm", tones[tone])}>
      <span className="mt-0.5 shrink-0" aria-hidden="true">
        {icon}
      </span>
      <div className="min-w-0 space-y-1">{children}</div>
    </div>
  );
}

/** Spec 000 section 4: what the owner (and staff) see while a community is not simply approved. */
export function ReviewBanner({ status, reason }: { status: ReviewStatus; reason: string | null }) {
  const { t } = useTranslation("communities");
  if (status === "under_review") {
    return (
      <Banner tone="amber" icon={<Clock className="h-4 w-4" />}>
        <p>{t("review.underReview")}</p>
      </Banner>
    );
  }
  if (status === "rejected") {
    return (
      <Banner tone="red" icon={<XCircle className="h-4 w-4" />}>
        <p className="font-semibold">{t("review.rejected")}</p>
        {reason && <p>{t("review.reason", { reason })}</p>}
      </Banner>
    );
  }
  if (status === "suspended") {
    return (
      <Banner tone="red" icon={<Ban className="h-4 w-4" />}>
        <p className="font-semibold">{t("review.suspended")}</p>
        {reason && <p>{t("review.reason", { reason })}</p>}
      </Banner>
    );
  }
  return null;
}

export function ArchivedBanner() {
  const { t } = useTranslation("communities");
  return (
    <Banner tone="slate" icon={<Archive className="h-4 w-4" />}>
      <p className="font-semibold">{t("archived.title")}</p>
      <p>{t("archived.description")}</p>
    </Banner>
  );
}
