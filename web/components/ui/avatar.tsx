import { useState } from "react";
import { cn } from "../../lib/cn";
import { sizedImage } from "../../../common/image-widths";

type AvatarProps = {
  src?: string | null;
  name?: string | null;
  /** Avatars sit next to the name they show, so by default the image is decorative. */
  alt?: string;
  size?: "xs" | "sm" | "md" | "lg" | "xl";
  shape?: "circle" | "rounded";
  className?: string;
};

const sizes = {
  xs: "h-6 w-6 text-[11px]",
  sm: "h-8 w-8 text-sm",
  md: "h-10 w-10 text-base",
  lg: "h-16 w-16 text-2xl",
  xl: "h-24 w-24 text-4xl",
};
/** The same sizes in CSS pixels, for the image's own width and height (its box is known before it loads). */
const pixels = { xs: 24, sm: 32, md: 40, lg: 64, xl: 96 };

export function initialOf(name: string | null | undefined): string {
  const ch = name?.trim().charAt(0);
  return ch ? ch.toLocaleUpperCase() : "?";
}

export function Avatar({ src, name, alt = "", size = "sm", shape = "circle", className }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = !!src && failed !== src;
  const base = cn(
    "inline-flex shrink-0 items-center justify-center overflow-hidden font-semibold select-none",
    shape === "circle" ? "rounded-full" : "rounded-lg",
    sizes[size],
    className,
  );
  if (showImage) {
    const px = pixels[size];
    return (
      <img
        src={sizedImage(src, px)}
        alt={alt}
        width={px}
        height={px}
        className={cn(base, "object-cover")}
        onError={() => setFailed(src)}
      />
    );
  }
  return (
    <span
      className={cn(base, "bg-primary text-primary-foreground")}
      role={alt ? "img" : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
    >
      {initialOf(name)}
    </span>
  );
}
