import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { NotificationPreferences, UpdatePreferencesBody } from "../../../common/contract/notifications";
import type { NotificationType } from "../../../common/notifications";
import { LoadError } from "../../components/load-error";
import { PageHeading, useDocumentTitle } from "../../components/page";
import { Switch } from "../../components/ui/switch";
import { call } from "../../lib/api";
import { patch } from "../../lib/cache-write";
import { toast } from "../../lib/toast";
import { notificationPreferencesQueryOptions } from "./queries";

type Channel = "inApp" | "email";

/** The change applied to what the page shows, before the server answers (reverted if it fails). */
function applied(prefs: NotificationPreferences, change: UpdatePreferencesBody): NotificationPreferences {
  return {
    emailDigest: change.emailDigest ?? prefs.emailDigest,
    broadcastEmail: change.broadcastEmail ?? prefs.broadcastEmail,
    types: prefs.types.map((t) => {
      const c = change.types?.find((x) => x.type === t.type);
      return c ? patch(t, { inApp: c.inApp ?? t.inApp, email: c.email ?? t.email }) : t;
    }),
  };
}

function useUpdatePreferences() {
  const { t } = useTranslation("notifications");
  const qc = useQueryClient();
  const key = notificationPreferencesQueryOptions().queryKey;
  return useMutation({
    mutationFn: (change: UpdatePreferencesBody) => call("PATCH /api/notifications/preferences", { body: change }),
    onMutate: async (change) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData(key);
      if (before) qc.setQueryData(key, applied(before, change));
      return { before };
    },
    onError: (_error, change, context) => {
      if (context?.before) qc.setQueryData(key, context.before);
      const pushed = change.types?.some((x) => x.inApp !== undefined);
      toast({ variant: "destructive", title: t(pushed ? "settings.pushFailed" : "settings.emailFailed") });
    },
    onSuccess: (prefs) => qc.setQueryData(key, prefs),
  });
}

/**
 * /settings/notifications: per type, a switch for the app and one for e-mail; e-mails one by one or as a
 * daily digest; and whether communities' owners and admins may e-mail the person (broadcasts).
 */
export function NotificationSettingsPage() {
  const { t } = useTranslation("notifications");
  useDocumentTitle(t("settings.title"));
  const prefs = useQuery(notificationPreferencesQueryOptions());
  const update = useUpdatePreferences();
  const toggle = (type: NotificationType, channel: Channel, on: boolean) => update.mutate({ types: [{ type, [channel]: on }] });

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div className="space-y-1">
        <PageHeading>{t("settings.title")}</PageHeading>
        <p className="text-sm text-muted-foreground">{t("settings.intro")}</p>
      </div>
      {prefs.isPending ? (
        <div className="space-y-3" aria-busy="true" aria-label={t("settings.loading")}>
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="h-14 animate-pulse rounded-2xl bg-muted" />
          ))}
        </div>
      ) : prefs.isError ? (
        <LoadError
          className="mt-6"
          message={t("settings.loadFailed")}
          retryLabel={t("tryAgain")}
          onRetry={() => void prefs.refetch()}
        />
      ) : (
        <>
          <section aria-labelledby="notification-types" className="rounded-2xl border border-border bg-surface shadow-sm">
            <div className="flex items-center justify-between gap-3 border-b border-border px-4 py-3">
              <h2 id="notification-types" className="font-semibold text-foreground">
                {t("settings.types")}
              </h2>
              <div className="flex gap-4 text-xs font-medium text-muted-foreground" aria-hidden="true">
                <span className="w-11 text-center">{t("settings.inApp")}</span>
                <span className="w-11 text-center">{t("settings.email")}</span>
              </div>
            </div>
            <ul className="divide-y divide-border">
              {prefs.data.types.map((p) => {
                const name = t(`settings.typeNames.${p.type}`);
                return (
                  <li key={p.type} className="flex items-center justify-between gap-3 px-4 py-3">
                    <span className="min-w-0 text-sm text-foreground">{name}</span>
                    <div className="flex shrink-0 gap-4">
                      <Switch
                        checked={p.inApp}
                        label={t("settings.inAppFor", { type: name })}
                        onCheckedChange={(on) => toggle(p.type, "inApp", on)}
                      />
                      <Switch
                        checked={p.email}
                        label={t("settings.emailFor", { type: name })}
                        onCheckedChange={(on) => toggle(p.type, "email", on)}
                      />
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>
          <SwitchSection
            id="notification-digest"
            title={t("settings.digest")}
            hint={t("settings.digestHint")}
            checked={prefs.data.emailDigest}
            onCheckedChange={(on) => update.mutate({ emailDigest: on })}
          />
          <SwitchSection
            id="notification-broadcasts"
            title={t("settings.broadcasts")}
            hint={t("settings.broadcastsHint")}
            checked={prefs.data.broadcastEmail}
            onCheckedChange={(on) => update.mutate({ broadcastEmail: on })}
          />
        </>
      )}
    </div>
  );
}

/** One setting of its own: a title, what it means, and its switch (named by the title). */
function SwitchSection(props: {
  id: string;
  title: string;
  hint: string;
  checked: boolean;
  onCheckedChange: (on: boolean) => void;
}) {
  return (
    <section aria-labelledby={props.id} className="rounded-2xl border border-border bg-surface p-4 shadow-sm">
      <div className="flex items-center justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h2 id={props.id} className="font-semibold text-foreground">
            {props.title}
          </h2>
          <p className="text-sm text-muted-foreground">{props.hint}</p>
        </div>
        <Switch checked={props.checked} label={props.title} onCheckedChange={props.onCheckedChange} />
      </div>
    </section>
  );
}
