import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { LogOut } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { CommunityDetail } from "../../../../common/contract/communities";
import type { MyCommunity } from "../../../../common/contract/me";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { call } from "../../../lib/api";
import { refreshCommunity } from "../../../lib/community-keys";
import { clearCurrentCommunityId, getCurrentCommunityId } from "../../../lib/current-community";
import { useErrorMessage } from "../../../lib/errors";
import { meKeys } from "../../../lib/session";
import { toast } from "../../../lib/toast";

type LeavingCommunity = Pick<CommunityDetail, "id" | "name" | "isPaid" | "paymentType">;

/**
 * "Leave community" for a member who does not own it, asking first: what leaving ends (for a paid
 * membership, the subscription and access at once). Afterwards the community is gone from the
 * switcher and the member is on Explore.
 */
export function LeaveCommunity({ community }: { community: LeavingCommunity }) {
  const { t } = useTranslation("communities");
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);

  const leave = useMutation({
    mutationFn: () => call("POST /api/communities/:id/leave", { params: { id: community.id } }),
    onSuccess: async () => {
      // Gone from the switcher before Explore shows, rather than after the list is read again.
      queryClient.setQueryData<MyCommunity[]>(meKeys.communities(), (list) => list?.filter((c) => c.id !== community.id));
      if (getCurrentCommunityId() === community.id) clearCurrentCommunityId();
      toast({ variant: "success", title: t("leave.left", { community: community.name }) });
      setOpen(false);
      await navigate({ to: "/communities/explore" });
      void refreshCommunity(queryClient, community.id);
    },
  });

  const consequence = !community.isPaid
    ? t("leave.free")
    : community.paymentType === "single"
      ? t("leave.paidOnce")
      : t("leave.subscription");

  return (
    <>
      <Button
        variant="ghost"
        className="w-full text-destructive-text"
        aria-haspopup="dialog"
        onClick={() => {
          leave.reset();
          setOpen(true);
        }}
      >
        <LogOut className="h-4 w-4" aria-hidden="true" />
        {t("leave.button")}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t("leave.title", { community: community.name })}
        description={consequence}
        confirmLabel={t("leave.confirm")}
        pendingLabel={t("leave.leaving")}
        destructive
        pending={leave.isPending}
        onConfirm={() => leave.mutate()}
      >
        {leave.isError && (
          <p role="alert" className="rounded-lg border border-destructive/40 p-3 text-sm text-destructive-text">
            {errorMessage(leave.error)}
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
