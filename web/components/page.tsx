import { Link, useLocation } from "@tanstack/react-router";
import { LogIn } from "lucide-react";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../lib/cn";
import { buttonClasses } from "./ui/button";

/** Keeps the browser tab title in step with the page, for history and screen readers. */
export function useDocumentTitle(title: string | null | undefined) {
  const { t } = useTranslation();
  const app = t("app.name");
  useEffect(() => {
    document.title = title ? `${title} · ${app}` : app;
  }, [title, app]);
}

export function PageHeading({ children, className }: { children: ReactNode; className?: string }) {
  return <h1 className={cn("text-2xl font-bold tracking-tight text-foreground sm:text-3xl", className)}>{children}</h1>;
}

/** What /messages, /new-chat and /notifications show to visitors who are not signed in. */
export function SignInPrompt({ title, message }: { title: string; message: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  useDocumentTitle(title);
  return (
    <div>
      <PageHeading>{title}</PageHeading>
      <div className="mt-6 flex flex-col items-center gap-4 rounded-xl border border-border bg-surface p-8 text-center">
        <LogIn className="h-8 w-8 text-muted-foreground" aria-hidden="true" />
        <p className="text-foreground">{message}</p>
        <Link to="/auth/login" search={{ redirect: location.href }} className={buttonClasses()}>
          {t("auth.signIn")}
        </Link>
      </div>
    </div>
  );
}
