import { useTranslation } from "react-i18next";
import { useFormatter } from "../../../lib/format/formatter";
import { formatCount } from "../format";
import type { CommunityDetail } from "../../../../common/contract/communities";

/** Members, Created, Type and Billing, as a description list. */
export function CommunityStats({ community }: { community: CommunityDetail }) {
  const { t, i18n } = useTranslation("communities");
  const format = useFormatter();
  const billing = !community.isPaid
    ? t("stats.billingNone")
    : community.paymentType === "single"
      ? t("stats.billingOnce")
      : t(`intervals.${community.subscriptionInterval ?? "monthly"}`);
  const rows: [string, string][] = [
    [t("stats.members"), formatCount(community.membersCount, i18n.language)],
    [t("stats.created"), format.longDate(community.createdAt)],
    [t("stats.type"), community.isPaid ? t("stats.paid") : t("stats.free")],
    [t("stats.billing"), billing],
  ];
  return (
    <section aria-labelledby="community-stats-title" className="rounded-2xl border border-border bg-surface p-5 shadow-sm">
      <h2 id="community-stats-title" className="text-base font-semibold text-foreground">
        {t("stats.title")}
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3">
        {rows.map(([label, value]) => (
          <div key={label} className="rounded-xl bg-muted p-3">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="mt-0.5 font-semibold break-words hyphens-auto text-foreground [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
