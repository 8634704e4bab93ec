import { ChevronLeft, ChevronRight, Play } from "lucide-react";
import { useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../lib/cn";
import { youtubeId } from "../../../../common/catalog";
import { CommunityImage } from "../../../components/community-image";
import { responsiveImage, sizedImage } from "../../../../common/image-widths";

export type Slide = { kind: "video"; videoId: string } | { kind: "image"; url: string };

/** The cover video (when it is a valid YouTube link) comes first, then the images in their order. */
export function slidesOf(coverVideoUrl: string | null, imageUrls: string[]): Slide[] {
  const videoId = coverVideoUrl ? youtubeId(coverVideoUrl) : null;
  return [
    ...(videoId ? [{ kind: "video", videoId } as const] : []),
    ...imageUrls.map((url) => ({ kind: "image", url }) as const),
  ];
}

const thumbnailOf = (videoId: string) => `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`;

/**
 * A carousel of the community's media. The video is only a thumbnail until someone presses play: the
 * player (and YouTube's requests) load on that click, from the privacy-enhanced youtube-nocookie host.
 */
export function MediaGallery({
  name,
  coverVideoUrl,
  imageUrls,
}: {
  name: string;
  coverVideoUrl: string | null;
  imageUrls: string[];
}) {
  const { t } = useTranslation("communities");
  const slides = slidesOf(coverVideoUrl, imageUrls);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  // Offline or blocked thumbnails leave the dark frame and the play button rather than a broken image.
  const [failedThumbs, setFailedThumbs] = useState<Set<string>>(() => new Set());
  const thumbFailed = (videoId: string) => setFailedThumbs((s) => new Set(s).add(videoId));

  if (slides.length === 0) {
    return <CommunityImage src={null} name={name} className="aspect-video w-full rounded-2xl" />;
  }

  const current = slides[Math.min(index, slides.length - 1)]!;
  const go = (next: number) => {
    setIndex((next + slides.length) % slides.length);
    setPlaying(false);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (slides.length < 2) return;
    if (e.key === "ArrowRight") go(index + 1);
    else if (e.key === "ArrowLeft") go(index - 1);
    else return;
    e.preventDefault();
  };
  const labelOf = (slide: Slide, i: number) =>
    slide.kind === "video" ? t("gallery.video") : t("gallery.image", { number: i + 1, total: slides.length });

  return (
    <section aria-roledescription={t("gallery.roleDescription")} aria-label={t("gallery.label", { name })} onKeyDown={onKeyDown}>
      <div className="relative overflow-hidden rounded-2xl bg-black">
        {current.kind === "video" ? (
          playing ? (
            <iframe
              src={`https://www.youtube-nocookie.com/embed/${current.videoId}?autoplay=1&rel=0`}
              title={t("gallery.videoTitle", { name })}
              allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
              className="aspect-video w-full"
            />
          ) : (
            <button
              type="button"
              onClick={() => setPlaying(true)}
              className="group relative block aspect-video w-full"
              aria-label={t("gallery.play", { name })}
            >
              {!failedThumbs.has(current.videoId) && (
                <img
                  src={thumbnailOf(current.videoId)}
                  alt=""
                  width={1280}
                  height={720}
                  onError={() => thumbFailed(current.videoId)}
                  className="h-full w-full object-cover opacity-90"
                />
              )}
              <span className="absolute inset-0 flex items-center justify-center">
                <span className="flex h-16 w-16 items-center justify-center rounded-full bg-red-600 text-white shadow-lg transition-transform group-hover:scale-110">
                  <Play className="ml-1 h-8 w-8" fill="currentColor" aria-hidden="true" />
                </span>
              </span>
            </button>
          )
        ) : (
          <img
            {...responsiveImage(current.url)}
            sizes="(min-width: 1024px) 48rem, 100vw"
            alt={labelOf(current, index)}
            width={1280}
            height={720}
            className="aspect-video w-full object-contain"
          />
        )}
        {slides.length > 1 && (
          <>
            <GalleryArrow side="left" label={t("gallery.previous")} onClick={() => go(index - 1)} />
            <GalleryArrow side="right" label={t("gallery.next")} onClick={() => go(index + 1)} />
          </>
        )}
      </div>
      <p aria-live="polite" className="sr-only">
        {labelOf(current, index)}
      </p>
      {slides.length > 1 && (
        <ul className="scrollbar-none mt-3 flex gap-2 overflow-x-auto pb-1">
          {slides.map((slide, i) => (
            <li key={slide.kind === "video" ? "video" : slide.url} className="shrink-0">
              <button
                type="button"
                onClick={() => go(i)}
                aria-label={labelOf(slide, i)}
                aria-current={i === index ? "true" : undefined}
                className={cn(
                  "relative block h-14 w-24 overflow-hidden rounded-lg border-2 sm:h-16 sm:w-28",
                  i === index ? "border-primary dark:border-link" : "border-transparent opacity-80 hover:opacity-100",
                )}
              >
                {slide.kind === "video" && failedThumbs.has(slide.videoId) ? (
                  <span className="block h-full w-full bg-black" />
                ) : (
                  <img
                    src={slide.kind === "video" ? thumbnailOf(slide.videoId) : sizedImage(slide.url, 112)}
                    alt=""
                    width={160}
                    height={90}
                    onError={slide.kind === "video" ? () => thumbFailed(slide.videoId) : undefined}
                    className="h-full w-full bg-muted object-cover"
                  />
                )}
                {slide.kind === "video" && (
                  <span className="absolute inset-0 flex items-center justify-center bg-black/30 text-white">
                    <Play className="h-5 w-5" fill="currentColor" aria-hidden="true" />
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function GalleryArrow({ side, label, onClick }: { side: "left" | "right"; label: string; onClick: () => void }) {
  const Icon = side === "left" ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={cn(
        "absolute top-1/2 flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-black/55 text-white hover:bg-black/75",
        side === "left" ? "left-3" : "right-3",
      )}
    >
      <Icon className="h-6 w-6" aria-hidden="true" />
    </button>
  );
}
