import { useNavigate } from "@tanstack/react-router";
import { LogOut, MoreVertical, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { DropdownMenu, MenuItem } from "../../components/ui/dropdown-menu";
import { useErrorMessage } from "../../lib/errors";
import { toast } from "../../lib/toast";
import type { ConversationDetail } from "../../../common/contract/conversations";
import { GroupFormDialog } from "./group-form-dialog";
import { useLeaveGroup, useRemoveGroup, useRenameGroup } from "./group-mutations";

/** A group's actions: everyone may leave; the community's owner and admins rename and remove it. */
export function GroupMenu({ conversation }: { conversation: ConversationDetail }) {
  const { t } = useTranslation("messages");
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const [dialog, setDialog] = useState<"leave" | "rename" | "remove" | null>(null);
  const leave = useLeaveGroup();
  const remove = useRemoveGroup();
  const rename = useRenameGroup(conversation.id);
  const icon = "h-4 w-4 text-muted-foreground";
  const title = conversation.title ?? t("chat.groupChat");

  const done = (message: string) => {
    toast({ title: message, variant: "success" });
    setDialog(null);
    void navigate({ to: "/messages" });
  };

  return (
    <>
      <DropdownMenu
        triggerLabel={t("groups.menu")}
        menuLabel={t("groups.menu")}
        triggerClassName="inline-flex h-9 w-9 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground"
        contentClassName="absolute top-full right-0 z-30 mt-1 w-52"
        trigger={<MoreVertical className="h-5 w-5" aria-hidden="true" />}
      >
        {conversation.canManage && (
          <MenuItem onSelect={() => setDialog("rename")}>
            <Pencil className={icon} aria-hidden="true" />
            {t("groups.rename")}
          </MenuItem>
        )}
        <MenuItem onSelect={() => setDialog("leave")}>
          <LogOut className={icon} aria-hidden="true" />
          {t("groups.leave")}
        </MenuItem>
        {conversation.canManage && (
          <MenuItem onSelect={() => setDialog("remove")} className="text-destructive-text">
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            {t("groups.remove")}
          </MenuItem>
        )}
      </DropdownMenu>
      <ConfirmDialog
        open={dialog === "leave"}
        onOpenChange={(open) => !open && setDialog(null)}
        title={t("groups.leaveTitle")}
        description={t("groups.leaveConfirm", { name: title })}
        confirmLabel={t("groups.leave")}
        destructive
        pending={leave.isPending}
        onConfirm={() =>
          leave.mutate(conversation.id, {
            onSuccess: () => done(t("groups.left", { name: title })),
            onError: (err) => toast({ title: t("groups.leaveFailed"), description: errorMessage(err), variant: "destructive" }),
          })
        }
      />
      <ConfirmDialog
        open={dialog === "remove"}
        onOpenChange={(open) => !open && setDialog(null)}
        title={t("groups.removeTitle")}
        description={t("groups.removeConfirm", { name: title })}
        confirmLabel={t("groups.remove")}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(conversation.id, {
            onSuccess: () => done(t("groups.removed", { name: title })),
            onError: (err) => toast({ title: t("groups.removeFailed"), description: errorMessage(err), variant: "destructive" }),
          })
        }
      />
      <GroupFormDialog
        open={dialog === "rename"}
        onOpenChange={(open) => !open && setDialog(null)}
        title={t("groups.renameTitle")}
        submitLabel={t("groups.save")}
        initial={{ name: conversation.title ?? "", description: conversation.description }}
        pending={rename.isPending}
        failedTitle={t("groups.renameFailed")}
        onSubmit={async (fields) => {
          await rename.mutateAsync(fields);
          toast({ title: t("groups.renamed"), variant: "success" });
        }}
      />
    </>
  );
}
