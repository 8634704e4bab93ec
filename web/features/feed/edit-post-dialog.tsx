import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { useErrorMessage } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { toDisplay, toStored } from "../../lib/mention-tokens";
import { useEditPost } from "./post-mutations";
import { PostFormFields, type PostFormValue } from "./post-form-fields";
import type { Post } from "../../../common/contract/feed";

function formOf(post: Post): PostFormValue {
  return { headline: post.headline ?? "", content: toDisplay(post.content), topicId: post.topic?.id ?? "" };
}

type EditPostDialogProps = { post: Post; open: boolean; onOpenChange: (open: boolean) => void };

/** A real edit (DESIGN section 4): headline, content and topic; the card then shows '(edited)'. */
export default function EditPostDialog({ post, open, onOpenChange }: EditPostDialogProps) {
  const { t } = useTranslation("feed");
  const errorMessage = useErrorMessage();
  const edit = useEditPost();
  // Mounted only while open (see PostDialogs), so the form starts from the post as it is now.
  const [form, setForm] = useState<PostFormValue>(() => formOf(post));

  const submit = () => {
    const content = toStored(form.content.text, form.content.mentions).trim();
    if (!content) {
      toast({
        title: t("create.contentRequiredTitle"),
        description: t("create.contentRequiredDescription"),
        variant: "destructive",
      });
      return;
    }
    edit.mutate(
      { post, body: { headline: form.headline.trim() || null, content, topicId: form.topicId || null } },
      {
        onSuccess: () => {
          toast({ title: t("edit.success"), variant: "success" });
          onOpenChange(false);
        },
        onError: (err) => toast({ title: t("edit.failed"), description: errorMessage(err), variant: "destructive" }),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !edit.isPending && onOpenChange(next)}
      title={t("edit.title")}
      className="max-w-xl"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        className="space-y-4"
      >
        <PostFormFields communityId={post.communityId} value={form} onChange={setForm} disabled={edit.isPending} />
        {post.imageUrls.length > 0 && <p className="text-xs text-muted-foreground">{t("edit.imagesNote")}</p>}
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={edit.isPending}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" disabled={edit.isPending || form.content.text.length === 0} loading={edit.isPending}>
            {edit.isPending ? t("edit.submitting") : t("edit.submit")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
