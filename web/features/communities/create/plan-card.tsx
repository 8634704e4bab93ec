import { Check, Star } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";
import type { Plan } from "../../../../common/catalog";
import { formatGel } from "../format";

type PlanCardProps = {
  plan: Plan;
  busy: boolean;
  onChoose: () => void;
  /** Why this plan cannot be chosen for the community as filled in (a paid one on Free): shown, and the button is off. */
  unavailable?: string;
};

export function PlanCard({ plan, busy, onChoose, unavailable }: PlanCardProps) {
  const { t, i18n } = useTranslation("communities");
  const titleId = `plan-${plan.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        "relative flex flex-col rounded-2xl border bg-surface p-5 shadow-sm",
        plan.isPopular ? "border-primary ring-1 ring-primary dark:border-link dark:ring-link" : "border-border",
      )}
    >
      {plan.isPopular && (
        <span className="absolute -top-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 rounded-full bg-primary px-3 py-1 text-xs font-semibold whitespace-nowrap text-primary-foreground">
          <Star className="h-3 w-3" fill="currentColor" aria-hidden="true" />
          {t("plans.mostPopular")}
        </span>
      )}
      <h2 id={titleId} className="text-lg font-semibold text-foreground">
        {t(`plans.${plan.id}.name`)}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t(`plans.${plan.id}.description`)}</p>
      <p className="mt-4 text-3xl font-bold text-foreground">
        {plan.price === 0 ? t("price.free") : t("billing.per.monthly", { price: formatGel(plan.price, i18n.language) })}
      </p>
      <ul className="mt-4 flex-1 space-y-2 text-sm">
        {plan.features.map((f) => (
          <li key={f} className="flex items-start gap-2 text-foreground">
            <Check className="mt-0.5 h-4 w-4 shrink-0 text-success" aria-hidden="true" />
            {t(`plans.features.${f}`)}
          </li>
        ))}
      </ul>
      <div className="mt-5">
        {unavailable && (
          <p id={`plan-${plan.id}-unavailable`} className="mb-3 rounded-lg bg-muted p-3 text-sm text-foreground">
            {unavailable}
          </p>
        )}
        <Button
          className="w-full"
          disabled={busy || !!unavailable}
          loading={busy}
          onClick={onChoose}
          aria-describedby={unavailable ? `plan-${plan.id}-unavailable` : undefined}
        >
          {busy ? t("plans.creating") : t("plans.choose", { plan: t(`plans.${plan.id}.name`) })}
        </Button>
      </div>
    </article>
  );
}
