import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Monitor } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { AccountSession } from "../../../common/contract/account";
import { LoadError } from "../../components/load-error";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { accountKeys } from "../../lib/account";
import { call } from "../../lib/api";
import { useFormatter } from "../../lib/format/formatter";
import { toast } from "../../lib/toast";
import { deviceName } from "./device-name";

/** Where the account is signed in: this browser first, then by last use; sign out of one or of all others. */
export function SessionsSection() {
  const { t } = useTranslation("account");
  const client = useQueryClient();
  const sessions = useQuery({
    queryKey: accountKeys.sessions(),
    queryFn: ({ signal }) => call("GET /api/account/sessions", { signal }).then((r) => r.items),
  });
  const refresh = () => void client.invalidateQueries({ queryKey: accountKeys.sessions() });
  const signOutOthers = useMutation({
    mutationFn: () => call("POST /api/account/sessions/sign-out-others"),
    onSuccess: ({ signedOut }) => {
      refresh();
      toast({ variant: "success", title: t("sessions.othersSignedOut", { count: signedOut }) });
    },
    onError: () => toast({ variant: "destructive", title: t("sessions.signOutFailed") }),
  });
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;
  return (
    <section aria-labelledby="sessions-heading" className="space-y-3 rounded-2xl border border-border bg-surface p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="sessions-heading" className="text-lg font-semibold text-foreground">
          {t("sessions.title")}
        </h2>
        {others > 0 && (
          <Button size="sm" variant="outline" onClick={() => signOutOthers.mutate()} loading={signOutOthers.isPending}>
            {t("sessions.signOutOthers")}
          </Button>
        )}
      </div>
      {sessions.isPending ? (
        <div className="space-y-2" aria-hidden="true">
          {[0, 1].map((i) => (
            <div key={i} className="h-14 animate-pulse rounded-xl bg-muted" />
          ))}
        </div>
      ) : sessions.isError ? (
        <LoadError
          variant="compact"
          message={t("sessions.loadFailed")}
          retryLabel={t("common.tryAgain", { ns: "translation" })}
          onRetry={() => void sessions.refetch()}
        />
      ) : (
        <ul className="divide-y divide-border">
          {sessions.data.map((s) => (
            <SessionRow key={s.id} session={s} onChange={refresh} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SessionRow({ session: s, onChange }: { session: AccountSession; onChange: () => void }) {
  const { t } = useTranslation("account");
  const format = useFormatter();
  const device = deviceName(s.userAgent) ?? t("sessions.unknownDevice");
  const signOut = useMutation({
    mutationFn: () => call("DELETE /api/account/sessions/:sessionId", { params: { sessionId: s.id } }),
    onSuccess: () => {
      onChange();
      toast({ variant: "success", title: t("sessions.signedOut") });
    },
    onError: () => toast({ variant: "destructive", title: t("sessions.signOutFailed") }),
  });
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <Monitor className="h-5 w-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-foreground">
          <span className="break-words">{device}</span>
          {s.current && <Badge>{t("sessions.current")}</Badge>}
        </p>
        <p className="text-sm text-muted-foreground">{t("sessions.lastSeen", { date: format.longDate(s.lastSeenAt) })}</p>
      </div>
      {!s.current && (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => signOut.mutate()}
          loading={signOut.isPending}
          aria-label={t("sessions.signOutOf", { device })}
        >
          {t("sessions.signOut")}
        </Button>
      )}
    </li>
  );
}
