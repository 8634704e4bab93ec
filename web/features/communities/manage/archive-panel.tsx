import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Archive, ArchiveRestore } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { call } from "../../../lib/api";
import { useErrorMessage } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { refreshCommunity } from "../queries";
import type { CommunityDetail } from "../../../../common/contract/communities";

/** Archive (read-only for everyone, hidden from Explore, no new members) or bring it back. Owner only. */
export function ArchivePanel({ community }: { community: CommunityDetail }) {
  const { t } = useTranslation("communities");
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const archiving = !community.archived;

  const mutation = useMutation({
    mutationFn: () =>
      call(archiving ? "POST /api/communities/:id/archive" : "POST /api/communities/:id/unarchive", {
        params: { id: community.id },
      }),
    onSuccess: async () => {
      setConfirming(false);
      toast({
        variant: "success",
        title: archiving ? t("archive.archived", { name: community.name }) : t("archive.unarchived", { name: community.name }),
      });
      await refreshCommunity(queryClient, community.id);
    },
    onError: (err) => toast({ variant: "destructive", title: t("archive.failed"), description: errorMessage(err) }),
  });

  return (
    <div className="space-y-4">
      <div className="rounded-xl border border-border p-4">
        <h3 className="font-semibold text-foreground">{archiving ? t("archive.title") : t("archive.unarchiveTitle")}</h3>
        <p className="mt-1 text-sm text-muted-foreground">{archiving ? t("archive.explain") : t("archive.unarchiveExplain")}</p>
        <Button className="mt-4" variant={archiving ? "destructive" : "primary"} onClick={() => setConfirming(true)}>
          {archiving ? (
            <Archive className="h-4 w-4" aria-hidden="true" />
          ) : (
            <ArchiveRestore className="h-4 w-4" aria-hidden="true" />
          )}
          {archiving ? t("archive.action") : t("archive.unarchiveAction")}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={
          archiving
            ? t("archive.confirmTitle", { name: community.name })
            : t("archive.unarchiveConfirmTitle", { name: community.name })
        }
        description={archiving ? t("archive.confirmDescription") : t("archive.unarchiveConfirmDescription")}
        confirmLabel={archiving ? t("archive.confirm") : t("archive.unarchiveConfirm")}
        destructive={archiving}
        pending={mutation.isPending}
        onConfirm={() => mutation.mutate()}
      />
    </div>
  );
}
