import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { buttonClasses } from "../components/ui/button";

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <p className="text-6xl font-bold text-muted-foreground" aria-hidden="true">
        404
      </p>
      <h1 className="text-xl font-semibold text-foreground">{t("notFound.title")}</h1>
      <Link to="/" className={buttonClasses()}>
        {t("notFound.backHome")}
      </Link>
    </div>
  );
}
