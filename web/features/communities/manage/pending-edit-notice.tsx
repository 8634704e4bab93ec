import { Clock } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { PendingCommunityEditView } from "../../../../common/contract/communities";
import { Banner } from "../review-banner";

const fields = ["name", "description", "imageUrls", "coverVideoUrl", "categoryKey"] as const;

/**
 * Tells the people running an approved community that their changes to what explore shows wait for
 * staff, and that everyone else sees the approved version until then (so a saved form that the public
 * page does not reflect yet is not mistaken for a lost save).
 */
export function PendingEditNotice({ pending }: { pending: PendingCommunityEditView }) {
  const { t } = useTranslation("communities");
  const waiting = fields.filter((f) => pending[f] !== undefined).map((f) => t(`manage.pendingEdit.fields.${f}`));
  // A plain list: the browser's list patterns for Georgian fall back to English ("a and b").
  const list = waiting.join(", ");
  return (
    <Banner tone="amber" icon={<Clock className="h-4 w-4" />}>
      <p className="font-semibold">{t("manage.pendingEdit.title")}</p>
      <p>{t("manage.pendingEdit.body", { fields: list })}</p>
    </Banner>
  );
}
