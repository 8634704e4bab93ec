import { useState } from "react";
import { useTranslation } from "react-i18next";
import { MAX_LEVEL } from "../../../common/levels";
import { COURSE_DESCRIPTION_MAX, COURSE_TITLE_MAX } from "../../../common/contract/limits";
import type { CourseCard } from "../../../common/contract/classroom";
import { ImageFileField } from "../../components/image-file-field";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import { Dialog } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Select } from "../../components/ui/select";
import { Input, Textarea } from "../../components/ui/input";
import { useErrorMessage } from "../../lib/errors";
import { explainedByFields, placeIssues } from "../../lib/field-issues";
import { resizeImage } from "../../lib/images/resize";
import { uploadImage } from "../../lib/images/upload";
import { toast } from "../../lib/toast";
import { useCreateCourse, useEditCourse } from "./mutations";

type CourseFormDialogProps = {
  communityId: string;
  /** The course to edit; a new one without it. */
  course?: CourseCard;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

const COURSE_FIELDS = ["title", "description", "imageUrl", "requiredLevel"] as const;
type Errors = Partial<Record<(typeof COURSE_FIELDS)[number], string>>;

/** Create Course and Edit Course (spec 001 section 5): title, description, image, the level that opens it. */
export default function CourseFormDialog({ communityId, course, open, onOpenChange }: CourseFormDialogProps) {
  const { t } = useTranslation("classroom");
  const errorMessage = useErrorMessage();
  const create = useCreateCourse(communityId);
  const edit = useEditCourse(communityId);
  const [title, setTitle] = useState(course?.title ?? "");
  const [description, setDescription] = useState(course?.description ?? "");
  const [file, setFile] = useState<File | null>(null);
  const [storedUrl, setStoredUrl] = useState(course?.imageUrl ?? null);
  const [level, setLevel] = useState(course?.requiredLevel ?? 1);
  const [published, setPublished] = useState(course?.published ?? true);
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);

  const close = (next: boolean) => {
    if (!next && submitting) return;
    onOpenChange(next);
  };

  const fail = (title: string, description?: string) => toast({ title, description, variant: "destructive" });

  const submit = async () => {
    if (!title.trim()) {
      // Beside the field, once (the spec's 'Please enter a course title').
      setErrors({ title: t("form.titleRequired") });
      return;
    }
    setSubmitting(true);
    setErrors({});
    try {
      let imageUrl = storedUrl;
      if (file) {
        try {
          imageUrl = (await uploadImage(await resizeImage(file), { purpose: "course_image" })).url;
        } catch (err) {
          fail(t("form.uploadFailed"), errorMessage(err));
          return;
        }
      }
      const body = { title, description: description || null, imageUrl, requiredLevel: level, published };
      if (course) await edit.mutateAsync({ courseId: course.id, body });
      else await create.mutateAsync(body);
      toast({ title: course ? t("form.saved") : t("form.created"), variant: "success" });
      onOpenChange(false);
    } catch (err) {
      const { placed, rest } = placeIssues(err, COURSE_FIELDS);
      setErrors(placed);
      if (!explainedByFields(placed, rest))
        fail(course ? t("form.saveFailed") : t("form.createFailed"), rest[0] ?? errorMessage(err));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={close} title={course ? t("form.editTitle") : t("form.createTitle")} className="max-w-lg">
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field label={t("form.title")} error={errors.title}>
          <Input
            value={title}
            maxLength={COURSE_TITLE_MAX}
            onChange={(e) => setTitle(e.target.value)}
            disabled={submitting}
            required
          />
        </Field>
        <Field label={t("form.description")} error={errors.description}>
          <Textarea
            value={description}
            rows={4}
            maxLength={COURSE_DESCRIPTION_MAX}
            onChange={(e) => setDescription(e.target.value)}
            disabled={submitting}
          />
        </Field>
        <ImageFileField
          label={t("form.image")}
          chooseLabel={t("form.chooseImage")}
          removeLabel={t("form.removeImage")}
          file={file}
          storedUrl={storedUrl}
          onChange={setFile}
          onRemoveStored={() => setStoredUrl(null)}
          disabled={submitting}
        />
        <Field label={t("form.level")} error={errors.requiredLevel}>
          <Select value={level} onChange={(e) => setLevel(Number(e.target.value))} disabled={submitting}>
            {Array.from({ length: MAX_LEVEL }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n === 1 ? t("form.levelAny") : t("level", { level: n })}
              </option>
            ))}
          </Select>
        </Field>
        <Checkbox
          label={t("form.published")}
          checked={published}
          onChange={(e) => setPublished(e.target.checked)}
          disabled={submitting}
        />
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="outline" onClick={() => close(false)} disabled={submitting}>
            {t("common.cancel", { ns: "translation" })}
          </Button>
          <Button type="submit" loading={submitting}>
            {course ? (submitting ? t("form.saving") : t("form.save")) : submitting ? t("form.creating") : t("form.create")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
