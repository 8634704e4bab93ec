import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Check, X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { NotificationItem } from "../../../common/contract/notifications";
import { Button } from "../../components/ui/button";
import { ApiError, call } from "../../lib/api";
import { refreshCommunity } from "../../lib/community-keys";
import { setCurrentCommunityId } from "../../lib/current-community";
import { toast } from "../../lib/toast";
import { useMarkNotificationRead } from "./mutations";

type Verb = "accept" | "decline";

/**
 * Accept and Decline under a COMMUNITY_INVITE: accepting joins and opens the community's feed (a paid
 * one opens its payment screen); an invitation that is no longer open says so in place of the buttons.
 */
export function InviteAnswer({ item }: { item: NotificationItem & { community: NonNullable<NotificationItem["community"]> } }) {
  const { t } = useTranslation("notifications");
  const qc = useQueryClient();
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead();
  const [outcome, setOutcome] = useState<string | null>(null);
  const community = item.community;

  const answer = useMutation({
    mutationFn: async (verb: Verb) =>
      verb === "accept"
        ? call("POST /api/communities/:id/invitation/accept", { params: { id: community.id } })
        : (await call("POST /api/communities/:id/invitation/decline", { params: { id: community.id } }), null),
    onSuccess: async (accepted) => {
      if (!item.isRead) markRead.mutate(item.id);
      if (!accepted) return setOutcome(t("invite.declined"));
      if (accepted.result === "payment") {
        return navigate({ to: "/communities/join-payment", search: { communityId: community.id } });
      }
      setOutcome(t("invite.joined", { community: community.name }));
      toast({ variant: "success", title: t("invite.welcome", { community: community.name }) });
      await refreshCommunity(qc, community.id);
      setCurrentCommunityId(community.id);
      await navigate({ to: "/" });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status < 500 && err.status !== 401) return setOutcome(err.message);
      toast({ variant: "destructive", title: t("invite.failed") });
    },
  });

  if (outcome) {
    return (
      <p role="status" className="px-4 pb-3 pl-17 text-sm text-muted-foreground">
        {outcome}
      </p>
    );
  }
  return (
    <div role="group" aria-label={t("invite.label", { community: community.name })} className="flex gap-2 px-4 pb-3 pl-17">
      <Button
        size="sm"
        loading={answer.isPending && answer.variables === "accept"}
        disabled={answer.isPending}
        onClick={() => answer.mutate("accept")}
      >
        <Check className="h-4 w-4" aria-hidden="true" />
        {t("invite.accept")}
      </Button>
      <Button
        size="sm"
        variant="outline"
        loading={answer.isPending && answer.variables === "decline"}
        disabled={answer.isPending}
        onClick={() => answer.mutate("decline")}
      >
        <X className="h-4 w-4" aria-hidden="true" />
        {t("invite.decline")}
      </Button>
    </div>
  );
}
