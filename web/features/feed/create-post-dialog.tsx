import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { useErrorMessage } from "../../lib/errors";
import { resizeImage } from "../../lib/images/resize";
import { uploadImage } from "../../lib/images/upload";
import { toast } from "../../lib/toast";
import { ImagePicker, type PickedImage } from "./image-picker";
import { toStored } from "../../lib/mention-tokens";
import { emptyMentionValue } from "./mention-textarea";
import { isOffline } from "../../lib/offline/outbox";
import { useCreatePost, useQueuePost } from "./post-mutations";
import { PostFormFields, type PostFormValue } from "./post-form-fields";
import { PollEditor, pollFromDraft, type PollDraft } from "./poll-editor";

const emptyForm: PostFormValue = { headline: "", content: emptyMentionValue, topicId: "" };

/** Thrown when the browser cannot decode a picked file (e.g. HEIC on a desktop browser). */
class UnreadableImageError extends Error {}

type CreatePostDialogProps = { communityId: string; open: boolean; onOpenChange: (open: boolean) => void };

/**
 * 'Create New Post' (spec 000 sections 4 and 5). Images are resized in the browser and uploaded one by one
 * with a progress bar each; the post is created once all of them are stored. Closing clears the form,
 * except while submitting, when the dialog cannot be closed.
 */
export default function CreatePostDialog({ communityId, open, onOpenChange }: CreatePostDialogProps) {
  const { t } = useTranslation("feed");
  const errorMessage = useErrorMessage();
  const create = useCreatePost(communityId);
  const queue = useQueuePost(communityId);
  const [form, setForm] = useState<PostFormValue>(emptyForm);
  const [images, setImages] = useState<PickedImage[]>([]);
  const [poll, setPoll] = useState<PollDraft | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const reset = () => {
    images.forEach((i) => URL.revokeObjectURL(i.preview));
    setForm(emptyForm);
    setImages([]);
    setPoll(null);
  };

  const close = (next: boolean) => {
    if (next) return onOpenChange(true);
    if (submitting) return;
    reset();
    onOpenChange(false);
  };

  const patchImage = (key: string, patch: Partial<PickedImage>) =>
    setImages((list) => list.map((i) => (i.key === key ? { ...i, ...patch } : i)));

  const uploadAll = async (): Promise<string[]> => {
    const urls: string[] = [];
    for (const image of images) {
      if (image.url) {
        urls.push(image.url);
        continue;
      }
      patchImage(image.key, { progress: 0 });
      let blob: Blob;
      try {
        blob = await resizeImage(image.file);
      } catch {
        patchImage(image.key, { progress: null });
        throw new UnreadableImageError();
      }
      try {
        const { url } = await uploadImage(blob, {
          purpose: "post_image",
          onProgress: (progress) => patchImage(image.key, { progress }),
        });
        patchImage(image.key, { url, progress: 100 });
        urls.push(url);
      } catch (err) {
        patchImage(image.key, { progress: null });
        throw err;
      }
    }
    return urls;
  };

  const submit = async () => {
    const content = toStored(form.content.text, form.content.mentions).trim();
    if (!content) {
      toast({
        title: t("create.contentRequiredTitle"),
        description: t("create.contentRequiredDescription"),
        variant: "destructive",
      });
      return;
    }
    const drafted = poll ? pollFromDraft(poll) : null;
    if (drafted && "error" in drafted) {
      toast({ title: t("poll.invalid"), description: t(drafted.error), variant: "destructive" });
      return;
    }
    const body = {
      headline: form.headline.trim() || null,
      content,
      topicId: form.topicId || null,
      poll: drafted ? drafted.poll : null,
    };
    // Offline, a text post waits in the outbox and goes out on reconnect; images need the network to upload.
    if (isOffline() && images.length > 0) {
      toast({ title: t("create.failed"), description: t("pending.imagesNeedConnection"), variant: "destructive" });
      return;
    }
    setSubmitting(true);
    try {
      if (isOffline()) {
        await queue({ ...body, imageUrls: [] });
        toast({ title: t("pending.queued"), description: t("pending.queuedDescription") });
      } else {
        await create.mutateAsync({ ...body, imageUrls: await uploadAll() });
        toast({ title: t("create.success"), variant: "success" });
      }
      reset();
      onOpenChange(false);
    } catch (err) {
      const description = err instanceof UnreadableImageError ? t("create.imageUnreadable") : errorMessage(err);
      toast({ title: t("create.failed"), description, variant: "destructive" });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={close} title={t("create.title")} className="max-w-xl">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        className="space-y-4"
      >
        <PostFormFields communityId={communityId} value={form} onChange={setForm} disabled={submitting} />
        <div className="space-y-1.5">
          <span className="block text-sm font-medium text-foreground">{t("create.images")}</span>
          <ImagePicker images={images} onChange={setImages} disabled={submitting} />
        </div>
        <PollEditor value={poll} onChange={setPoll} disabled={submitting} />
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="outline" onClick={() => close(false)} disabled={submitting}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" disabled={submitting || form.content.text.length === 0} loading={submitting}>
            {submitting ? t("create.submitting") : t("create.submit")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
