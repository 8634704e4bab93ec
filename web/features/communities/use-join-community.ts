import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocation, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { InviteLinkState } from "../../../common/contract/enums";
import { ApiError, call } from "../../lib/api";
import { toast } from "../../lib/toast";
import { communityKeys } from "../../../common/query-keys";
import { communityQueryOptions, refreshCommunity } from "./queries";
import { setCurrentCommunityId } from "../../lib/current-community";

/** An invite link the page was opened through: joining goes through it while it is open. */
export type JoinInvite = { token: string; state: InviteLinkState };

/**
 * Joining a free community (through an invite link when there is one): on success (or if already a member) it becomes the current community and
 * the user lands in its feed; a paid one goes to the payment screen; a full or closed one says why.
 */
export function useJoinCommunity(community: { id: string; name: string }, invite?: JoinInvite) {
  const { t } = useTranslation("communities");
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [problem, setProblem] = useState<string | null>(null);

  const enter = async () => {
    // The switcher must already list the community when home asks for it.
    await refreshCommunity(queryClient, community.id);
    setCurrentCommunityId(community.id);
    await navigate({ to: "/" });
  };

  const mutation = useMutation({
    mutationFn: () =>
      invite
        ? call("POST /api/invites/:token/join", { params: { token: invite.token } })
        : call("POST /api/communities/:id/join", { params: { id: community.id } }),
    onMutate: () => setProblem(null),
    onSuccess: async (view) => {
      queryClient.setQueryData(communityQueryOptions(community.id).queryKey, view);
      toast({ variant: "success", title: t("join.welcome", { community: community.name }) });
      await enter();
    },
    onError: async (err) => {
      if (err instanceof ApiError) {
        if (err.code === "ALREADY_MEMBER") return enter();
        if (err.code === "NOT_AVAILABLE") {
          return navigate({ to: "/communities/join-payment", search: { communityId: community.id } });
        }
        if (err.status === 401) return navigate({ to: "/auth/login", search: { redirect: location.href } });
        if (err.code === "CONFLICT" || err.code === "READ_ONLY") {
          setProblem(err.message);
          await queryClient.invalidateQueries({ queryKey: communityKeys.detail(community.id) });
          if (invite) await queryClient.invalidateQueries({ queryKey: communityKeys.invite(invite.token) });
          return;
        }
      }
      toast({ variant: "destructive", title: t("join.failed") });
    },
  });

  return { join: () => mutation.mutate(), isPending: mutation.isPending, problem };
}
