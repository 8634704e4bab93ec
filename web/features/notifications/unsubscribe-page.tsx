import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { MailX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PageHeading, useDocumentTitle } from "../../components/page";
import { Button, buttonClasses } from "../../components/ui/button";
import { call, isApiError } from "../../lib/api";

/**
 * /unsubscribe?token=...: where the link in a notification or broadcast e-mail lands. It asks before it acts, since
 * mail scanners open links; the token is all it needs, signed in or not.
 */
export function UnsubscribePage({ token }: { token: string }) {
  const { t } = useTranslation("notifications");
  useDocumentTitle(t("settings.unsubscribe.title"));
  const unsubscribe = useMutation({
    mutationFn: () => call("POST /api/notifications/unsubscribe", { query: { token } }),
  });
  const invalid = !token || (unsubscribe.isError && isApiError(unsubscribe.error, 403));
  // The token names what it stops (user.scope.signature): a broadcast's link asks about broadcasts.
  const broadcasts = token.split(".")[1] === "BROADCASTS";
  return (
    <div className="mx-auto max-w-lg space-y-6">
      <PageHeading>{t("settings.unsubscribe.title")}</PageHeading>
      <div className="flex flex-col items-center gap-4 rounded-2xl border border-border bg-surface p-8 text-center shadow-sm">
        <MailX className="h-8 w-8 text-muted-foreground" aria-hidden="true" />
        {invalid ? (
          <p role="alert" className="text-foreground">
            {t("settings.unsubscribe.invalid")}
          </p>
        ) : unsubscribe.isSuccess ? (
          <p role="status" className="text-foreground">
            {t(broadcasts ? "settings.unsubscribe.broadcastsDone" : "settings.unsubscribe.done")}
          </p>
        ) : (
          <>
            <p className="text-foreground">
              {t(broadcasts ? "settings.unsubscribe.broadcastsQuestion" : "settings.unsubscribe.question")}
            </p>
            {unsubscribe.isError && (
              <p role="alert" className="text-sm text-destructive-text">
                {t("settings.unsubscribe.failed")}
              </p>
            )}
            <Button loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
              {unsubscribe.isPending ? t("settings.unsubscribe.working") : t("settings.unsubscribe.confirm")}
            </Button>
          </>
        )}
        <Link to="/settings/notifications" className={buttonClasses({ variant: "link" })}>
          {t("settings.unsubscribe.settings")}
        </Link>
      </div>
    </div>
  );
}
