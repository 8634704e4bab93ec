import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CommunityBan } from "../../../../common/contract/members";
import { ListStates } from "../../../components/list-states";
import { ProfileLink } from "../../../components/profile-link";
import { Avatar } from "../../../components/ui/avatar";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { call } from "../../../lib/api";
import { useErrorMessage } from "../../../lib/errors";
import { useFormatter } from "../../../lib/format/formatter";
import { toast } from "../../../lib/toast";
import { bansKey, bansQueryOptions } from "./bans";

/** Who is banned from the community, by whom, when and why, each with Unban (owner and admins). */
export function BannedPanel({ community }: { community: { id: string; name: string } }) {
  const { t } = useTranslation("communities");
  const errorMessage = useErrorMessage();
  const format = useFormatter();
  const queryClient = useQueryClient();
  const query = useQuery(bansQueryOptions(community.id));
  const [target, setTarget] = useState<CommunityBan | null>(null);
  // Once a ban is lifted its row (and the button that opened the dialog) goes: focus goes to the list.
  // A counter, so that the panel's effect runs after the dialog's own, which returns focus to that button.
  const regionRef = useRef<HTMLElement>(null);
  const [lifted, setLifted] = useState(0);
  useEffect(() => {
    if (lifted) regionRef.current?.focus();
  }, [lifted]);

  const unban = useMutation({
    mutationFn: (ban: CommunityBan) =>
      call("DELETE /api/communities/:id/bans/:userId", { params: { id: community.id, userId: ban.userId } }),
    onSuccess: (_, ban) => {
      queryClient.setQueryData<CommunityBan[]>(bansKey(community.id), (items) => items?.filter((b) => b.userId !== ban.userId));
      void queryClient.invalidateQueries({ queryKey: bansKey(community.id) });
      toast({ variant: "success", title: t("banned.unbanned", { name: ban.fullName, community: community.name }) });
      setTarget(null);
      setLifted((n) => n + 1);
    },
  });

  const body = (
    <ListStates
      query={query}
      items={query.data}
      loadingLabel={t("common.loading")}
      error={{ variant: "plain", message: errorMessage(query.error), retryLabel: t("common.tryAgain") }}
      empty={
        <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">{t("banned.empty")}</p>
      }
    >
      {(bans) => (
        <ul className="divide-y divide-border rounded-xl border border-border" aria-busy={query.isFetching || undefined}>
          {bans.map((ban) => {
            const name = ban.fullName || t("common.unknownUser");
            const date = format.longDate(ban.bannedAt);
            return (
              <li key={ban.userId} className="flex flex-wrap items-start gap-3 p-3 sm:flex-nowrap">
                <Avatar src={ban.avatarUrl} name={name} size="md" />
                <div className="min-w-0 flex-1 space-y-0.5">
                  <p className="truncate font-medium text-foreground">
                    <ProfileLink userId={ban.userId}>{name}</ProfileLink>
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {ban.bannedBy?.fullName
                      ? t("banned.bannedBy", { date, name: ban.bannedBy.fullName })
                      : t("banned.bannedOn", { date })}
                  </p>
                  <p
                    className={
                      ban.reason ? "text-sm break-words whitespace-pre-line text-foreground" : "text-sm text-muted-foreground"
                    }
                  >
                    {ban.reason ? t("banned.reason", { reason: ban.reason }) : t("banned.noReason")}
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  className="ml-auto"
                  aria-label={t("banned.unbanPerson", { name })}
                  aria-haspopup="dialog"
                  onClick={() => {
                    unban.reset();
                    setTarget(ban);
                  }}
                >
                  {t("banned.unban")}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </ListStates>
  );

  const targetName = target?.fullName || t("common.unknownUser");
  return (
    <section ref={regionRef} tabIndex={-1} aria-labelledby="banned-title" className="space-y-3 rounded-xl">
      <div>
        <h3 id="banned-title" className="font-semibold text-foreground">
          {t("banned.title")}
        </h3>
        <p className="text-sm text-muted-foreground">{t("banned.intro", { community: community.name })}</p>
      </div>
      {body}
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => !open && setTarget(null)}
        title={t("banned.unbanTitle", { name: targetName })}
        description={t("banned.unbanDescription", { name: targetName, community: community.name })}
        confirmLabel={t("banned.unban")}
        pendingLabel={t("banned.unbanning")}
        pending={unban.isPending}
        onConfirm={() => target && unban.mutate(target)}
      >
        {unban.isError && (
          <p role="alert" className="rounded-lg border border-destructive/40 p-3 text-sm text-destructive-text">
            {errorMessage(unban.error)}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
