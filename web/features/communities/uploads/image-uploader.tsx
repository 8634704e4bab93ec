import { AlertCircle, ChevronLeft, ChevronRight, ImagePlus, X } from "lucide-react";
import { useId, useState, type DragEvent } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/cn";
import { ACCEPTED_IMAGE_TYPES } from "../../../lib/images/resize";
import { MAX_COMMUNITY_IMAGES } from "../../../../common/catalog";
import type { ImageUploads, UploadItem } from "./use-image-uploads";

type ImageUploaderProps = {
  uploads: ImageUploads;
  error?: string | null;
  disabled?: boolean;
  /** Lets the form move focus here when the images have a problem. */
  inputId?: string;
};

/** Picks, previews, orders and uploads up to 10 images; each shows its own progress bar and percentage. */
export function ImageUploader({ uploads, error, disabled, inputId }: ImageUploaderProps) {
  const { t } = useTranslation("communities");
  const autoId = useId();
  const id = inputId ?? autoId;
  const [dragging, setDragging] = useState(false);
  const full = uploads.items.filter((i) => i.status !== "error").length >= MAX_COMMUNITY_IMAGES;
  const canAdd = !disabled && !full;

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (canAdd && e.dataTransfer.files.length) uploads.addFiles(e.dataTransfer.files);
  };

  return (
    <div className="space-y-2">
      <div className="flex items-baseline justify-between gap-2">
        <span id={`${id}-label`} className="text-sm font-medium text-foreground">
          {t("form.images")}
        </span>
        <span className="text-xs text-muted-foreground">
          {t("form.imagesCount", { used: uploads.items.length, max: MAX_COMMUNITY_IMAGES })}
        </span>
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-labelledby={`${id}-label`}>
        {uploads.items.map((item, index) => (
          <UploadTile
            key={item.id}
            item={item}
            isCover={index === 0}
            disabled={disabled}
            canMoveEarlier={index > 0}
            canMoveLater={index < uploads.items.length - 1}
            onRemove={() => uploads.remove(item.id)}
            onMove={(delta) => uploads.move(item.id, delta)}
          />
        ))}
        <li>
          <label
            htmlFor={id}
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={cn(
              "flex aspect-[4/3] flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed px-2 text-center text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
              canAdd
                ? "cursor-pointer border-input text-muted-foreground hover:bg-muted"
                : "cursor-not-allowed border-border text-muted-foreground/70",
              dragging && "border-primary bg-primary/10",
            )}
          >
            <ImagePlus className="h-6 w-6" aria-hidden="true" />
            <span className="font-medium">{full ? t("form.imagesFull") : t("form.addImages")}</span>
            <input
              id={id}
              type="file"
              multiple
              accept={ACCEPTED_IMAGE_TYPES.join(",")}
              disabled={!canAdd}
              className="sr-only"
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
              aria-invalid={error ? true : undefined}
              onChange={(e) => {
                if (e.target.files?.length) uploads.addFiles(e.target.files);
                e.target.value = "";
              }}
            />
          </label>
        </li>
      </ul>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {t("form.imagesHint")}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive-text">
          {error}
        </p>
      )}
      <p aria-live="polite" className="sr-only">
        {uploads.announcement}
      </p>
    </div>
  );
}

type UploadTileProps = {
  item: UploadItem;
  isCover: boolean;
  disabled?: boolean;
  canMoveEarlier: boolean;
  canMoveLater: boolean;
  onRemove: () => void;
  onMove: (delta: -1 | 1) => void;
};

function UploadTile({ item, isCover, disabled, canMoveEarlier, canMoveLater, onRemove, onMove }: UploadTileProps) {
  const { t } = useTranslation("communities");
  const working = item.status === "queued" || item.status === "processing" || item.status === "uploading";
  const iconButton =
    "flex h-8 w-8 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80 disabled:opacity-40";
  return (
    <li className="relative aspect-[4/3] overflow-hidden rounded-xl border border-border bg-muted">
      {item.preview ? (
        <img src={item.preview} alt={item.name} className={cn("h-full w-full object-cover", working && "opacity-60")} />
      ) : (
        <div className="flex h-full items-center justify-center text-muted-foreground">
          {item.status === "error" ? <AlertCircle className="h-6 w-6" aria-hidden="true" /> : <Spinner size="md" decorative />}
        </div>
      )}
      {isCover && item.status === "done" && (
        <span className="absolute top-2 left-2 rounded-full bg-black/65 px-2 py-0.5 text-xs font-medium text-white">
          {t("form.cover")}
        </span>
      )}
      {!disabled && (
        <div className="absolute top-2 right-2 flex gap-1">
          <button type="button" className={iconButton} onClick={onRemove} aria-label={t("form.removeImage", { name: item.name })}>
            <X className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      )}
      {!disabled && item.status === "done" && (canMoveEarlier || canMoveLater) && (
        <div className="absolute bottom-2 left-2 flex gap-1">
          <button
            type="button"
            className={iconButton}
            disabled={!canMoveEarlier}
            onClick={() => onMove(-1)}
            aria-label={t("form.moveEarlier", { name: item.name })}
          >
            <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          </button>
          <button
            type="button"
            className={iconButton}
            disabled={!canMoveLater}
            onClick={() => onMove(1)}
            aria-label={t("form.moveLater", { name: item.name })}
          >
            <ChevronRight className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      )}
      {working && <UploadProgress item={item} />}
      {item.status === "error" && (
        <p className="absolute inset-x-0 bottom-0 bg-destructive px-2 py-1 text-xs text-destructive-foreground">{item.error}</p>
      )}
    </li>
  );
}

function UploadProgress({ item }: { item: UploadItem }) {
  const { t } = useTranslation("communities");
  const label =
    item.status === "uploading"
      ? t("uploads.progress", { percent: item.progress })
      : item.status === "processing"
        ? t("uploads.preparing")
        : t("uploads.queued");
  return (
    <div className="absolute inset-x-0 bottom-0 space-y-1 bg-black/65 px-2 py-1.5 text-white">
      <div className="flex justify-between text-xs">
        <span className="truncate">{label}</span>
      </div>
      <div
        role="progressbar"
        aria-label={t("uploads.progressLabel", { name: item.name })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={item.progress}
        aria-valuetext={label}
        className="h-1.5 overflow-hidden rounded-full bg-white/30"
      >
        <div className="h-full rounded-full bg-white transition-[width]" style={{ width: `${item.progress}%` }} />
      </div>
    </div>
  );
}
