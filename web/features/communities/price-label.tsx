import { useTranslation } from "react-i18next";
import { billingKey, formatGel } from "./format";
import type { PaymentType, SubscriptionInterval } from "../../../common/catalog";

type PriceLabelProps = {
  isPaid: boolean;
  price: number;
  paymentType: PaymentType | null;
  subscriptionInterval: SubscriptionInterval | null;
  className?: string;
};

/** 'Free', '₾29/month', '₾80/3 months' or '₾50 one-time'. */
export function PriceLabel({ isPaid, price, paymentType, subscriptionInterval, className }: PriceLabelProps) {
  const { t, i18n } = useTranslation("communities");
  const key = billingKey(isPaid, paymentType, subscriptionInterval);
  if (!key) return <span className={className}>{t("price.free")}</span>;
  return <span className={className}>{t(key, { price: formatGel(price, i18n.language) })}</span>;
}
