import { useEffect, useEffectEvent, useRef } from "react";
import type { VideoPage } from "../../../common/contract/classroom";

type VideoPlayerProps = {
  video: VideoPage["video"];
  label: string;
  /** Direct files only: where the player is, every few seconds and on pause; `duration` as the file says. */
  onProgress?: (seconds: number, duration: number) => void;
};

const SAVE_EVERY_MS = 10_000;

/**
 * The lesson's player: YouTube and Vimeo in their own sandboxed embeds, direct files in a <video> that
 * resumes where the learner stopped and reports its position (which also completes it at 90%).
 */
export function VideoPlayer({ video, label, onProgress }: VideoPlayerProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const lastSaved = useRef(0);
  const report = useEffectEvent((seconds: number, duration: number) => onProgress?.(seconds, duration));

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const save = (force: boolean) => {
      if (!el.duration || !Number.isFinite(el.duration)) return;
      const now = Date.now();
      const nearEnd = el.currentTime >= el.duration * 0.9;
      if (!force && !nearEnd && now - lastSaved.current < SAVE_EVERY_MS) return;
      lastSaved.current = now;
      report(el.currentTime, el.duration);
    };
    const onTime = () => save(false);
    const onStop = () => save(true);
    el.addEventListener("timeupdate", onTime);
    el.addEventListener("pause", onStop);
    el.addEventListener("ended", onStop);
    return () => {
      el.removeEventListener("timeupdate", onTime);
      el.removeEventListener("pause", onStop);
      el.removeEventListener("ended", onStop);
    };
  }, [video.id]);

  if (video.embed.kind === "file") {
    return (
      <video
        key={video.id}
        ref={ref}
        src={video.embed.src}
        controls
        preload="metadata"
        aria-label={label}
        className="aspect-video w-full rounded-2xl bg-black"
        onLoadedMetadata={(e) => {
          const el = e.currentTarget;
          // Resume where the learner stopped, unless that was the very end.
          if (video.positionSeconds > 0 && video.positionSeconds < el.duration - 1) el.currentTime = video.positionSeconds;
        }}
      />
    );
  }
  return (
    <iframe
      key={video.id}
      src={video.embed.src}
      title={label}
      className="aspect-video w-full rounded-2xl bg-black"
      allow="accelerometer; encrypted-media; fullscreen; picture-in-picture"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
      sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
    />
  );
}
