import { Link } from "@tanstack/react-router";
import { SearchX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PageHeading, useDocumentTitle } from "../../components/page";
import { buttonClasses } from "../../components/ui/button";

/** 'Course Not Found' and 'Video Not Found', with the way back to the classroom. */
export function NotFound({ title, message }: { title: string; message: string }) {
  const { t } = useTranslation("classroom");
  useDocumentTitle(title);
  return (
    <div className="mx-auto mt-6 flex max-w-xl flex-col items-center gap-4 rounded-2xl border border-border bg-surface p-8 text-center">
      <SearchX className="h-10 w-10 text-muted-foreground" aria-hidden="true" />
      <PageHeading>{title}</PageHeading>
      <p className="text-muted-foreground">{message}</p>
      <Link to="/classroom" className={buttonClasses()}>
        {t("course.back")}
      </Link>
    </div>
  );
}
