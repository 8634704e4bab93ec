import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";

/** The console's two pages: community reviews and support tickets. */
export function AdminNav() {
  const { t } = useTranslation("admin");
  const classes =
    "rounded-lg px-3 py-1.5 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground aria-[current=page]:bg-muted aria-[current=page]:text-foreground";
  return (
    <nav aria-label={t("nav.label")} className="flex gap-1">
      <Link to="/admin/reviews" className={classes}>
        {t("nav.reviews")}
      </Link>
      <Link to="/admin/tickets" className={classes}>
        {t("nav.tickets")}
      </Link>
    </nav>
  );
}
