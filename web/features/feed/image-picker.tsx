import { ImagePlus, X } from "lucide-react";
import { useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { toast } from "../../lib/toast";
import { acceptedImageTypes } from "../../../common/contract/enums";
import { POST_IMAGES_MAX } from "../../../common/contract/limits";

/** One picked image: its local preview, and once uploaded its server URL (kept, so a retry skips it). */
export type PickedImage = { key: string; file: File; preview: string; progress: number | null; url: string | null };

/** Exactly the types the server takes. */
const ACCEPTED_IMAGE_TYPES: readonly string[] = acceptedImageTypes;

let nextKey = 0;

/** Adds files up to the limit; reports how many did not fit. Pure apart from creating preview URLs. */
export function addImages(
  current: PickedImage[],
  files: File[],
  max = POST_IMAGES_MAX,
): { images: PickedImage[]; rejected: number } {
  const images = files.filter((f) => ACCEPTED_IMAGE_TYPES.includes(f.type));
  const room = Math.max(0, max - current.length);
  const added = images.slice(0, room).map((file) => ({
    key: `img-${++nextKey}`,
    file,
    preview: URL.createObjectURL(file),
    progress: null,
    url: null,
  }));
  return { images: [...current, ...added], rejected: images.length - added.length };
}

type ImagePickerProps = {
  images: PickedImage[];
  onChange: (images: PickedImage[]) => void;
  disabled?: boolean;
};

export function ImagePicker({ images, onChange, disabled }: ImagePickerProps) {
  const { t } = useTranslation("feed");
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const full = images.length >= POST_IMAGES_MAX;

  const onPick = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const { images: next, rejected } = addImages(images, Array.from(files));
    if (rejected > 0 || (full && files.length > 0)) {
      toast({ title: t("create.tooManyTitle"), description: t("create.tooManyDescription"), variant: "destructive" });
    }
    onChange(next);
  };

  const remove = (key: string) => {
    const image = images.find((i) => i.key === key);
    if (image) URL.revokeObjectURL(image.preview);
    onChange(images.filter((i) => i.key !== key));
  };

  return (
    <div>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="outline"
          size="sm"
          onClick={() => inputRef.current?.click()}
          disabled={disabled || full}
          aria-describedby={hintId}
        >
          <ImagePlus className="h-4 w-4" aria-hidden="true" />
          {t("create.addImages")}
        </Button>
        <span id={hintId} className="text-xs text-muted-foreground">
          {full ? t("create.imagesMax") : t("create.imagesHint")}
        </span>
        <input
          ref={inputRef}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(",")}
          multiple
          hidden
          disabled={disabled || full}
          data-testid="post-image-input"
          onChange={(e) => {
            onPick(e.target.files);
            // The same file can be picked again after it was removed.
            e.target.value = "";
          }}
        />
      </div>
      {images.length > 0 && (
        <ul className="mt-3 grid grid-cols-4 gap-2" aria-label={t("create.images")}>
          {images.map((image, i) => (
            <li key={image.key} className="relative aspect-square overflow-hidden rounded-lg border border-border bg-muted">
              <img
                src={image.preview}
                alt={t("post.imageAlt", { index: i + 1, total: images.length })}
                className="h-full w-full object-cover"
              />
              {!disabled && (
                <button
                  type="button"
                  onClick={() => remove(image.key)}
                  aria-label={t("create.removeImage", { index: i + 1 })}
                  className="absolute top-1 right-1 rounded-full bg-black/60 p-1 text-white hover:bg-black/80"
                >
                  <X className="h-3.5 w-3.5" aria-hidden="true" />
                </button>
              )}
              {image.progress !== null && (
                <div className="absolute inset-x-0 bottom-0 bg-black/60 px-1.5 py-1 text-[11px] font-medium text-white">
                  <div
                    role="progressbar"
                    aria-label={t("create.uploadingImage", { index: i + 1 })}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={image.progress}
                    className="h-1.5 overflow-hidden rounded-full bg-white/30"
                  >
                    <div className="h-full rounded-full bg-white transition-[width]" style={{ width: `${image.progress}%` }} />
                  </div>
                  <span className="mt-0.5 block text-center tabular-nums">{image.progress}%</span>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
