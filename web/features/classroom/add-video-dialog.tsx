import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LESSON_DESCRIPTION_MAX, LESSON_TITLE_MAX, LESSON_URL_MAX } from "../../../common/contract/limits";
import { parseDuration, toVideoEmbed } from "../../../common/video-embed";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Input, Textarea } from "../../components/ui/input";
import { useErrorMessage } from "../../lib/errors";
import { explainedByFields, placeIssues } from "../../lib/field-issues";
import { toast } from "../../lib/toast";
import { useAddVideo } from "./mutations";

type AddVideoDialogProps = { communityId: string; courseId: string; open: boolean; onOpenChange: (open: boolean) => void };
const VIDEO_FIELDS = ["title", "description", "videoUrl", "duration"] as const;
type Errors = Partial<Record<(typeof VIDEO_FIELDS)[number], string>>;

/** Add Video (spec 001 section 5): title and URL required, duration as MM:SS; the link must make a safe embed. */
export default function AddVideoDialog({ communityId, courseId, open, onOpenChange }: AddVideoDialogProps) {
  const { t } = useTranslation("classroom");
  const errorMessage = useErrorMessage();
  const add = useAddVideo(communityId, courseId);
  const [form, setForm] = useState({ title: "", description: "", videoUrl: "", duration: "" });
  const [errors, setErrors] = useState<Errors>({});
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const close = (next: boolean) => {
    if (!next && add.isPending) return;
    onOpenChange(next);
  };

  const submit = () => {
    const found: Errors = {};
    if (!form.title.trim()) found.title = t("video.required");
    if (!form.videoUrl.trim()) found.videoUrl = t("video.required");
    else if (!toVideoEmbed(form.videoUrl)) found.videoUrl = t("video.badUrl");
    if (parseDuration(form.duration) === null) found.duration = t("video.badDuration");
    // Each problem beside its field, once (the spec's 'Please fill in all required fields' is the empty fields' message).
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    add.mutate(
      { title: form.title, description: form.description || null, videoUrl: form.videoUrl, duration: form.duration },
      {
        onSuccess: () => {
          toast({ title: t("video.added"), variant: "success" });
          onOpenChange(false);
        },
        onError: (err) => {
          const { placed, rest } = placeIssues(err, VIDEO_FIELDS);
          setErrors(placed);
          if (!explainedByFields(placed, rest))
            toast({ title: t("video.addFailed"), description: rest[0] ?? errorMessage(err), variant: "destructive" });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={close} title={t("video.addTitle")} className="max-w-lg">
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Field label={t("video.title")} error={errors.title}>
          <Input value={form.title} maxLength={LESSON_TITLE_MAX} onChange={set("title")} disabled={add.isPending} required />
        </Field>
        <Field label={t("video.description")} error={errors.description}>
          <Textarea
            value={form.description}
            rows={3}
            maxLength={LESSON_DESCRIPTION_MAX}
            onChange={set("description")}
            disabled={add.isPending}
          />
        </Field>
        <Field label={t("video.url")} error={errors.videoUrl} hint={t("video.urlHint")}>
          <Input
            value={form.videoUrl}
            type="url"
            inputMode="url"
            maxLength={LESSON_URL_MAX}
            onChange={set("videoUrl")}
            disabled={add.isPending}
            required
          />
        </Field>
        <Field label={t("video.duration")} error={errors.duration} hint={t("video.durationHint")}>
          <Input
            value={form.duration}
            placeholder="12:30"
            inputMode="numeric"
            maxLength={10}
            onChange={set("duration")}
            disabled={add.isPending}
          />
        </Field>
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="outline" onClick={() => close(false)} disabled={add.isPending}>
            {t("common.cancel", { ns: "translation" })}
          </Button>
          <Button type="submit" loading={add.isPending}>
            {add.isPending ? t("video.adding") : t("video.add")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
