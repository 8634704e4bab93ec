import { useTranslation } from "react-i18next";
import { useBlockPerson } from "../lib/blocks";
import { useErrorMessage } from "../lib/errors";
import { toast } from "../lib/toast";
import { ConfirmDialog } from "./ui/confirm-dialog";

type BlockPersonDialogProps = {
  person: { id: string; fullName: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onBlocked?: () => void;
};

/** Asks before blocking someone (from a profile, a post's menu), then blocks and says so. */
export function BlockPersonDialog({ person, open, onOpenChange, onBlocked }: BlockPersonDialogProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const block = useBlockPerson();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("blocks.confirmTitle", { name: person.fullName })}
      description={t("blocks.confirmText")}
      confirmLabel={t("blocks.block")}
      pendingLabel={t("blocks.blocking")}
      destructive
      pending={block.isPending}
      onConfirm={() =>
        block.mutate(person.id, {
          onSuccess: () => {
            onOpenChange(false);
            toast({ title: t("blocks.blocked", { name: person.fullName }), variant: "success" });
            onBlocked?.();
          },
          onError: (err) => toast({ title: t("blocks.blockFailed"), description: errorMessage(err), variant: "destructive" }),
        })
      }
    />
  );
}
