import { Link } from "@tanstack/react-router";
import { Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { buttonClasses } from "./ui/button";

/** 'No Community Selected' on a page of the current community (classroom, calendar), with the way to find one. */
export function NoCommunity({ title, message }: { title: string; message: string }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto mt-6 flex max-w-xl flex-col items-center gap-4 rounded-2xl border border-border bg-surface p-8 text-center">
      <Users className="h-10 w-10 text-muted-foreground" aria-hidden="true" />
      <h2 className="text-lg font-semibold text-foreground">{title}</h2>
      <p className="text-muted-foreground">{message}</p>
      <Link to="/communities/explore" className={buttonClasses()}>
        {t("communities.explore")}
      </Link>
    </div>
  );
}
