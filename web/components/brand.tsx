import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";

export function Brand() {
  const { t } = useTranslation();
  return (
    <Link to="/" className="flex items-center gap-2 rounded-lg text-lg font-bold text-foreground">
      <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        A
      </span>
      {t("app.name")}
    </Link>
  );
}
