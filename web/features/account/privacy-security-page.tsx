import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Download, KeyRound, Mail, Trash2 } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PageHeading, useDocumentTitle } from "../../components/page";
import { Button, buttonClasses } from "../../components/ui/button";
import { deletionQueryOptions } from "../../lib/account";
import { meKeys, useSession } from "../../lib/session";
import { toast } from "../../lib/toast";
import { ChangeEmailForm } from "./change-email-form";
import { ChangePasswordDialog } from "./change-password-dialog";
import { DeleteAccountDialog } from "./delete-account-dialog";
import { SessionsSection } from "./sessions-section";

/** /settings/privacy-security (spec 002): password, e-mail address, sessions, a copy of one's data, deletion. */
export function PrivacySecurityPage({ emailChanged }: { emailChanged: boolean }) {
  const { t } = useTranslation("account");
  useDocumentTitle(t("title"));
  const { user } = useSession();
  const client = useQueryClient();
  const deletion = useQuery(deletionQueryOptions());
  const [dialog, setDialog] = useState<"password" | "delete" | null>(null);
  useEffect(() => {
    if (!emailChanged) return;
    // The session still names the old address.
    void client.invalidateQueries({ queryKey: meKeys.session(), exact: true });
    toast({ variant: "success", title: t("email.changed") });
  }, [emailChanged, t, client]);
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageHeading>{t("title")}</PageHeading>
      <Section
        icon={<KeyRound className="h-5 w-5" aria-hidden="true" />}
        id="password"
        title={t("password.title")}
        hint={t("password.hint")}
      >
        <Button variant="outline" onClick={() => setDialog("password")}>
          {t("password.open")}
        </Button>
      </Section>
      <Section icon={<Mail className="h-5 w-5" aria-hidden="true" />} id="email" title={t("email.title")}>
        <ChangeEmailForm currentEmail={user?.email ?? ""} />
      </Section>
      <SessionsSection />
      <Section icon={<Download className="h-5 w-5" aria-hidden="true" />} id="data" title={t("data.title")} hint={t("data.hint")}>
        <a href="/api/account/export" download className={buttonClasses({ variant: "outline" })}>
          {t("data.download")}
        </a>
      </Section>
      <Section
        icon={<Trash2 className="h-5 w-5" aria-hidden="true" />}
        id="delete"
        title={t("delete.title")}
        hint={t("delete.hint")}
      >
        {deletion.data?.hasPendingDeletion ? (
          <p className="text-sm font-medium text-destructive-text">{t("delete.pending")}</p>
        ) : (
          <Button variant="destructive" onClick={() => setDialog("delete")} disabled={deletion.isPending}>
            {t("delete.open")}
          </Button>
        )}
      </Section>
      <ChangePasswordDialog open={dialog === "password"} onOpenChange={(open) => setDialog(open ? "password" : null)} />
      <DeleteAccountDialog open={dialog === "delete"} onOpenChange={(open) => setDialog(open ? "delete" : null)} />
    </div>
  );
}

function Section({
  icon,
  id,
  title,
  hint,
  children,
}: {
  icon: ReactNode;
  id: string;
  title: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3 rounded-2xl border border-border bg-surface p-5 shadow-sm">
      <div className="flex items-start gap-3">
        <span className="mt-0.5 text-muted-foreground">{icon}</span>
        <div>
          <h2 id={`${id}-heading`} className="text-lg font-semibold text-foreground">
            {title}
          </h2>
          {hint && <p className="text-sm text-muted-foreground">{hint}</p>}
        </div>
      </div>
      {children}
    </section>
  );
}
