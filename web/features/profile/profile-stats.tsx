import { useTranslation } from "react-i18next";
import type { ProfileStats as Stats } from "../../../common/contract/profiles";
import { useFormatter } from "../../lib/format/formatter";

/** Total Points, Communities, Posts, Likes. */
export function ProfileStats({ stats }: { stats: Stats }) {
  const { t } = useTranslation("profile");
  const format = useFormatter();
  const items = [
    ["totalPoints", stats.totalPoints],
    ["communities", stats.communities],
    ["posts", stats.posts],
    ["likes", stats.likes],
  ] as const;
  return (
    <section aria-label={t("stats.label")}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {items.map(([key, value]) => (
          <div key={key} className="flex flex-col-reverse rounded-2xl border border-border bg-surface p-4 text-center shadow-sm">
            <dt className="text-sm text-muted-foreground">{t(`stats.${key}`)}</dt>
            <dd className="text-2xl font-bold text-foreground">{format.number(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
