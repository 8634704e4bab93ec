import { MailCheck } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AuthCard } from "./auth-layout";

/** The 'Check your email' state shared by sign-up and password reset. */
export function CheckEmail({ message, children, footer }: { message: ReactNode; children?: ReactNode; footer?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <AuthCard title={t("auth.checkEmail.title")} footer={footer}>
      <div className="flex flex-col items-center gap-4 text-center">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-muted text-primary dark:text-link">
          <MailCheck className="h-7 w-7" aria-hidden="true" />
        </span>
        <p role="status" className="text-sm text-foreground">
          {message}
        </p>
        {children}
      </div>
    </AuthCard>
  );
}
