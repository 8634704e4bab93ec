import { useState } from "react";
import { cn } from "../lib/cn";
import { initialOf } from "./ui/avatar";

/** A community's picture, or its initial on a coloured panel when it has none (or it fails to load). */
export function CommunityImage({ src, name, className }: { src: string | null | undefined; name: string; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) {
    // width and height give the 16:9 box its ratio before the image arrives; the classes size it.
    return (
      <img
        src={src}
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
