import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn";
import { responsiveImage } from "../../../common/image-widths";

const columns = ["", "grid-cols-1", "grid-cols-2", "grid-cols-3", "grid-cols-2"];

/** Only our own files and http(s) images are shown. */
const isSafeImageUrl = (url: string) => url.startsWith("/files/") || /^https?:\/\//i.test(url);

/** Up to 4 images: one wide, then 2 or 3 side by side, and 4 as a 2 x 2 grid (spec 000 section 2). */
export function PostImages({ urls }: { urls: string[] }) {
  const { t } = useTranslation("feed");
  const images = urls.filter(isSafeImageUrl).slice(0, 4);
  if (images.length === 0) return null;
  const single = images.length === 1;
  return (
    <ul className={cn("mt-3 grid gap-1.5 overflow-hidden rounded-xl", columns[images.length])}>
      {images.map((url, i) => (
        <li key={url} className="bg-muted">
          <a href={url} target="_blank" rel="noopener noreferrer" className="block">
            <img
              {...responsiveImage(url)}
              sizes={single ? "(min-width: 768px) 40rem, 100vw" : "(min-width: 768px) 20rem, 50vw"}
              alt={t("post.imageAlt", { index: i + 1, total: images.length })}
              loading="lazy"
              decoding="async"
              className={cn("w-full object-cover", single ? "max-h-[32rem]" : "aspect-square")}
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
