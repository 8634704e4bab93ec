import { ImagePlus, X } from "lucide-react";
import { useEffect, useId, useMemo } from "react";
import { cn } from "../lib/cn";
import { ACCEPTED_IMAGE_TYPES } from "../lib/images/resize";
import { buttonClasses } from "./ui/button";

type ImageFileFieldProps = {
  label: string;
  chooseLabel: string;
  removeLabel: string;
  /** The picked file (uploaded by the form when it is sent), or the URL of the image already stored. */
  file: File | null;
  storedUrl?: string | null;
  onChange: (file: File | null) => void;
  onRemoveStored?: () => void;
  disabled?: boolean;
  /** A wide preview (covers, course and event images) or a round one (avatars). */
  shape?: "wide" | "circle";
};

/**
 * One optional image of a form (a course's, an event's): pick, preview, remove. The form resizes and
 * uploads it on submit, so an abandoned form uploads nothing.
 */
export function ImageFileField({
  label,
  chooseLabel,
  removeLabel,
  file,
  storedUrl,
  onChange,
  onRemoveStored,
  disabled,
  shape = "wide",
}: ImageFileFieldProps) {
  const id = useId();
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const shown = preview ?? storedUrl ?? null;
  return (
    <div className="space-y-1.5">
      <span id={`${id}-label`} className="block text-sm font-medium text-foreground">
        {label}
      </span>
      {shown ? (
        <div className={shape === "circle" ? "relative h-24 w-24" : "relative w-full max-w-xs"}>
          <img
            src={shown}
            alt=""
            className={cn(
              "border border-border object-cover",
              shape === "circle" ? "h-full w-full rounded-full" : "aspect-video w-full rounded-xl",
            )}
          />
          <button
            type="button"
            onClick={() => (file ? onChange(null) : onRemoveStored?.())}
            disabled={disabled}
            aria-label={removeLabel}
            className={cn(
              "absolute rounded-full bg-background/90 p-1 text-foreground shadow hover:bg-background focus-visible:outline-2 focus-visible:outline-ring",
              shape === "circle" ? "top-0 right-0" : "top-2 right-2",
            )}
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      ) : (
        <label htmlFor={id} className={buttonClasses({ variant: "outline", className: "cursor-pointer gap-2" })}>
          <ImagePlus className="h-4 w-4" aria-hidden="true" />
          {chooseLabel}
        </label>
      )}
      <input
        id={id}
        type="file"
        accept={ACCEPTED_IMAGE_TYPES.join(",")}
        className="sr-only"
        aria-labelledby={`${id}-label`}
        disabled={disabled}
        onChange={(e) => {
          onChange(e.target.files?.[0] ?? null);
          e.target.value = "";
        }}
      />
    </div>
  );
}
