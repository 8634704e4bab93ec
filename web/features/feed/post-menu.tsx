import { Ban, Flag, Link2, MoreHorizontal, Pencil, Pin, PinOff, Share2, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { DropdownMenu, MenuItem, MenuSeparator } from "../../components/ui/dropdown-menu";
import { toast } from "../../lib/toast";
import { excerpt } from "../../lib/content-format";
import type { PostDialogKind } from "./post-dialogs";
import { usePinPost } from "./post-mutations";
import { copyText, postUrl, sharePost } from "./share";
import type { Post } from "../../../common/contract/feed";

type PostMenuProps = {
  post: Post;
  isOwn: boolean;
  onDialog: (kind: PostDialogKind) => void;
  /** Called when the pointer or focus reaches the button: the moment to fetch the dialogs' code. */
  onIntent?: () => void;
};

/** The card menu (a WAI-ARIA menu button): only the actions this viewer may take are offered. */
export function PostMenu({ post, isOwn, onDialog, onIntent }: PostMenuProps) {
  const { t } = useTranslation("feed");
  return (
    <DropdownMenu
      triggerLabel={t("post.menu")}
      menuLabel={t("post.menu")}
      onTriggerIntent={onIntent}
      triggerClassName="-mr-1 inline-flex h-9 w-9 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground"
      contentClassName="absolute top-full right-0 z-30 mt-1 w-56"
      trigger={<MoreHorizontal className="h-5 w-5" aria-hidden="true" />}
    >
      <PostMenuItems post={post} isOwn={isOwn} onDialog={onDialog} />
    </DropdownMenu>
  );
}

/**
 * The menu's items, mounted only while it is open: a feed renders a menu on every card, and their
 * mutations and texts are nobody's business until one is opened.
 */
function PostMenuItems({ post, isOwn, onDialog }: Omit<PostMenuProps, "onIntent">) {
  const { t } = useTranslation("feed");
  const { t: tc } = useTranslation();
  const pin = usePinPost();
  const icon = "h-4 w-4 text-muted-foreground";

  const share = async () => {
    const result = await sharePost(post.id, post.headline ?? excerpt(post.content));
    if (result === "copied") toast({ title: t("post.linkCopied"), variant: "success" });
    else if (result === "failed") toast({ title: t("post.copyFailed"), variant: "destructive" });
  };

  const copy = async () => {
    const ok = await copyText(postUrl(post.id));
    toast(ok ? { title: t("post.linkCopied"), variant: "success" } : { title: t("post.copyFailed"), variant: "destructive" });
  };

  return (
    <>
      {post.canEdit && (
        <MenuItem onSelect={() => onDialog("edit")}>
          <Pencil className={icon} aria-hidden="true" />
          {t("post.edit")}
        </MenuItem>
      )}
      {post.canPin && (
        <MenuItem onSelect={() => pin.mutate({ post, pinned: !post.pinned })} disabled={pin.isPending}>
          {post.pinned ? <PinOff className={icon} aria-hidden="true" /> : <Pin className={icon} aria-hidden="true" />}
          {post.pinned ? t("post.unpin") : t("post.pin")}
        </MenuItem>
      )}
      {post.canDelete && (
        <MenuItem onSelect={() => onDialog("delete")} className="text-destructive-text">
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          {t("post.delete")}
        </MenuItem>
      )}
      {(post.canEdit || post.canPin || post.canDelete) && <MenuSeparator />}
      <MenuItem onSelect={() => void share()}>
        <Share2 className={icon} aria-hidden="true" />
        {t("post.share")}
      </MenuItem>
      <MenuItem onSelect={() => void copy()}>
        <Link2 className={icon} aria-hidden="true" />
        {t("post.copyLink")}
      </MenuItem>
      {!isOwn && (
        <MenuItem onSelect={() => onDialog("report")}>
          <Flag className={icon} aria-hidden="true" />
          {t("post.report")}
        </MenuItem>
      )}
      {!isOwn && post.author && (
        <MenuItem onSelect={() => onDialog("block")} className="text-destructive-text">
          <Ban className="h-4 w-4" aria-hidden="true" />
          {tc("blocks.blockPerson", { name: post.author.fullName })}
        </MenuItem>
      )}
    </>
  );
}
