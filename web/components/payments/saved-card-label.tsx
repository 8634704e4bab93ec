import { CreditCard } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { PaymentMethod } from "../../../common/contract/payments";

/** A saved card as the lists show it: brand, masked number, expiry and the default badge. */
export function SavedCardLabel({ card }: { card: PaymentMethod }) {
  const { t } = useTranslation();
  const brand = card.cardType ?? "Card";
  return (
    <span className="flex min-w-0 flex-1 items-center gap-3">
      <CreditCard className="h-6 w-6 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span className="min-w-0">
        <span className="block font-medium text-foreground">{t("payments.cardEnding", { brand, last4: card.lastFour })}</span>
        <span className="block text-xs text-muted-foreground">
          <span className="font-mono">{card.maskedCard}</span>
          {card.expiryMonth && card.expiryYear
            ? ` · ${t("payments.expires", { month: String(card.expiryMonth).padStart(2, "0"), year: String(card.expiryYear).slice(-2) })}`
            : null}
        </span>
      </span>
      {/* Solid: the primary colour as text on its own 10% tint is under 4.5:1 on the dark theme's surface. */}
      {card.isDefault && (
        <span className="shrink-0 rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-primary-foreground">
          {t("payments.default")}
        </span>
      )}
    </span>
  );
}
