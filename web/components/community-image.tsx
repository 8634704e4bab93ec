import { useState } from "react";
import { cn } from "../lib/cn";
import { initialOf } from "./ui/avatar";
import { responsiveImage } from "../../common/image-widths";

/**
 * A community's picture, or its initial on a coloured panel when it has none (or it fails to load).
 * `sizes` says how wide it is drawn (CSS's image sizes), so the browser fetches no larger a width than that.
 */
export function CommunityImage({
  src,
  name,
  className,
  sizes = "(min-width: 640px) 24rem, 100vw",
}: {
  src: string | null | undefined;
  name: string;
  className?: string;
  sizes?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) {
    // width and height give the 16:9 box its ratio before the image arrives; the classes size it.
    return (
      <img
        {...responsiveImage(src)}
        sizes={sizes}
        alt=""
        width={640}
        height={360}
        loading="lazy"
        className={cn("object-cover", className)}
        onError={() => setFailed(src)}
      />
    );
  }
  return (
    <div
      aria-hidden="true"
      className={cn(
        "flex items-center justify-center bg-gradient-to-br from-blue-600 to-indigo-700 font-bold text-white select-none",
        className,
      )}
    >
      <span className="text-4xl">{initialOf(name)}</span>
    </div>
  );
}
