import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { useDeleteComment } from "./comment-mutations";
import { useLiveOpen } from "./live-context";
import ReportDialog from "./report-dialog";
import type { Comment, Post } from "../../../common/contract/feed";

export type CommentDialogKind = "delete" | "report";

type CommentDialogsProps = {
  post: Post;
  comment: Comment;
  kind: CommentDialogKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** A comment's delete confirmation and report form, loaded when its menu is first reached. */
export default function CommentDialogs({ post, comment, kind, open, onOpenChange }: CommentDialogsProps) {
  const { t } = useTranslation("feed");
  const remove = useDeleteComment(post, useLiveOpen());
  if (kind === "report") return <ReportDialog kind="comment" id={comment.id} open={open} onOpenChange={onOpenChange} />;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("comments.delete")}
      description={comment.parentCommentId ? t("comments.deleteReplyConfirm") : t("comments.deleteConfirm")}
      confirmLabel={t("delete.submit")}
      destructive
      pendingLabel={t("delete.submitting")}
      pending={remove.isPending}
      onConfirm={() => remove.mutate(comment, { onSuccess: () => onOpenChange(false) })}
    />
  );
}
