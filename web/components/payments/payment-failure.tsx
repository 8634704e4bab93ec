import { useTranslation } from "react-i18next";
import { THREE_DS_CLOSED } from "./payment-flow";

/**
 * The last payment outcome's message, kept beside the pay button until the next try: the toast that
 * announced a decline fades after a few seconds, this stays. A closed 3-D Secure dialog has no toast, so
 * its message (nothing was charged) is the one announced here.
 */
export function PaymentFailure({ failure }: { failure: string | null }) {
  const { t } = useTranslation();
  if (!failure) return null;
  return (
    <p
      role={failure === THREE_DS_CLOSED ? "status" : undefined}
      data-testid="payment-failure"
      className="rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive-text"
    >
      {t(failure)}
    </p>
  );
}
