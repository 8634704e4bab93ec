import { useRouter } from "@tanstack/react-router";
import { AlertCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";

/** 'Invalid payment data' with Go Back (spec 002, Join Payment screen). */
export function InvalidPaymentData() {
  const { t } = useTranslation("communities");
  const router = useRouter();
  return (
    <div role="alert" className="flex min-h-[40vh] flex-col items-center justify-center gap-4 text-center">
      <AlertCircle className="h-10 w-10 text-destructive-text" aria-hidden="true" />
      <h1 className="text-xl font-semibold text-foreground">{t("payment.invalid")}</h1>
      <Button variant="outline" onClick={() => router.history.back()}>
        {t("payment.goBack")}
      </Button>
    </div>
  );
}
