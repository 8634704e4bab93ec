import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Check, X } from "lucide-react";
import { useContext, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { NotificationItem } from "../../../common/contract/notifications";
import { Button } from "../../components/ui/button";
import { MenuContext } from "../../components/ui/dropdown-menu";
import { cn } from "../../lib/cn";
import { ApiError, call } from "../../lib/api";
import { refreshCommunity } from "../../lib/community-keys";
import { setCurrentCommunityId } from "../../lib/current-community";
import { toast } from "../../lib/toast";
import { useMarkNotificationRead } from "./mutations";

type Verb = "accept" | "decline";

type InviteAnswerProps = {
  item: NotificationItem & { community: NonNullable<NotificationItem["community"]> };
  /**
   * Inside the header's dropdown: the buttons are menu items (reached with the arrow keys, as the rest
   * of the menu), the outcome keeps the focus inside the menu, and leaving for the feed closes it.
   */
  inMenu?: boolean;
};

/**
 * Accept and Decline under a COMMUNITY_INVITE: accepting joins and opens the community's feed (a paid
 * one opens its payment screen); an invitation that is no longer open says so in place of the buttons.
 */
export function InviteAnswer({ item, inMenu = false }: InviteAnswerProps) {
  const { t } = useTranslation("notifications");
  const qc = useQueryClient();
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead();
  const closeMenu = useContext(MenuContext)?.close ?? null;
  const [outcome, setOutcome] = useState<string | null>(null);
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  const community = item.community;
  // The focused button is gone once answered: in a menu, focus would drop out of it and the keys with it.
  useEffect(() => {
    if (outcome && inMenu) outcomeRef.current?.focus();
  }, [outcome, inMenu]);

  const answer = useMutation({
    mutationFn: async (verb: Verb) =>
      verb === "accept"
        ? call("POST /api/communities/:id/invitation/accept", { params: { id: community.id } })
        : (await call("POST /api/communities/:id/invitation/decline", { params: { id: community.id } }), null),
    onSuccess: async (accepted) => {
      if (!item.isRead) markRead.mutate(item.id);
      if (!accepted) return setOutcome(t("invite.declined"));
      closeMenu?.(false);
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

  // Under the sentence, past the avatar: the page's rows and the menu's items are spaced differently.
  const padding = inMenu ? "px-3 pb-2 pl-15" : "px-4 pb-3 pl-17";
  const itemProps = inMenu ? { role: "menuitem", tabIndex: -1 } : {};
  if (outcome) {
    return (
      <p
        ref={outcomeRef}
        // In a menu only menu items may be children: the outcome is an inert item that takes the focus.
        {...(inMenu ? { role: "menuitem", "aria-disabled": true, tabIndex: -1 } : { role: "status" })}
        className={cn("text-sm text-muted-foreground outline-none", padding)}
      >
        {outcome}
      </p>
    );
  }
  return (
    <div role="group" aria-label={t("invite.label", { community: community.name })} className={cn("flex gap-2", padding)}>
      <Button
        size="sm"
        loading={answer.isPending && answer.variables === "accept"}
        disabled={answer.isPending}
        onClick={() => answer.mutate("accept")}
        {...itemProps}
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
        {...itemProps}
      >
        <X className="h-4 w-4" aria-hidden="true" />
        {t("invite.decline")}
      </Button>
    </div>
  );
}
