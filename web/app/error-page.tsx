import { useRouter } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { Button } from "../components/ui/button";

/** Shown when a route throws; the app keeps its shell and offers a retry instead of a white page. */
export function ErrorPage({ reset }: { error?: unknown; reset?: () => void }) {
  const { t } = useTranslation();
  const router = useRouter();
  return (
    <div role="alert" className="flex min-h-[40vh] flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-xl font-semibold text-foreground">{t("errors.pageTitle")}</h1>
      <p className="text-muted-foreground">{t("errors.pageDescription")}</p>
      <Button
        onClick={() => {
          reset?.();
          void router.invalidate();
        }}
      >
        {t("common.tryAgain")}
      </Button>
    </div>
  );
}
