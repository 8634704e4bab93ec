import { Link, useLocation } from "@tanstack/react-router";
import { Construction, LogIn } from "lucide-react";
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

/** An honest placeholder: the page exists and is routed, its feature arrives with a later issue. */
export function NotAvailableYet() {
  const { t } = useTranslation();
  return (
    <div className="mt-6 flex items-start gap-3 rounded-xl border border-dashed border-input bg-surface p-5 text-muted-foreground">
      <Construction className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <p>{t("common.notAvailableYet")}</p>
    </div>
  );
}

export function ComingSoonPage({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <div>
      <PageHeading>{title}</PageHeading>
      <NotAvailableYet />
    </div>
  );
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
