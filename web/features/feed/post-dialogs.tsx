import { useTranslation } from "react-i18next";
import { BlockPersonDialog } from "../../components/block-person-dialog";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import EditPostDialog from "./edit-post-dialog";
import { useDeletePost } from "./post-mutations";
import ReportDialog from "./report-dialog";
import type { Post } from "../../../common/contract/feed";

export type PostDialogKind = "edit" | "delete" | "report" | "block";

type PostDialogsProps = {
  post: Post;
  kind: PostDialogKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
};

/**
 * The card menu's dialogs, in their own chunk: nobody pays for them until they open a post's menu. The
 * caller keeps a closed dialog mounted, so focus goes back to the menu button.
 */
export default function PostDialogs({ post, kind, open, onOpenChange, onDeleted }: PostDialogsProps) {
  const { t } = useTranslation("feed");
  const remove = useDeletePost();

  if (kind === "edit") return <EditPostDialog post={post} open={open} onOpenChange={onOpenChange} />;
  if (kind === "report") return <ReportDialog kind="post" id={post.id} open={open} onOpenChange={onOpenChange} />;
  if (kind === "block") {
    return post.author ? <BlockPersonDialog person={post.author} open={open} onOpenChange={onOpenChange} /> : null;
  }
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("delete.title")}
      description={t("delete.confirm")}
      confirmLabel={t("delete.submit")}
      destructive
      pendingLabel={t("delete.submitting")}
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(post, {
          onSuccess: () => {
            onOpenChange(false);
            onDeleted?.();
          },
        })
      }
    />
  );
}
