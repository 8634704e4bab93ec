/**
 * Lesson links as the player may load them. YouTube and Vimeo links of every common shape become their
 * embed URLs (YouTube's privacy-enhanced host); a direct link must be an https video file or a path on
 * this site. Anything else is refused, so nothing but a known player or a plain <video> source
 * ever reaches the page. Shared by the API (which stores the result) and the web (which previews it).
 */

export type VideoEmbed = { kind: "youtube" | "vimeo" | "file"; src: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const VIDEO_FILE = /\.(mp4|webm|ogv|ogg|m4v|mov)$/i;
const youtubeHosts = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);
const vimeoHosts = new Set(["vimeo.com", "www.vimeo.com", "player.vimeo.com"]);

function youtubeId(url: URL): string | null {
  if (url.hostname === "youtu.be") return url.pathname.slice(1).split("/")[0] ?? null;
  if (!youtubeHosts.has(url.hostname)) return null;
  if (url.pathname === "/watch") return url.searchParams.get("v");
  const [, kind, id] = url.pathname.split("/");
  return kind === "embed" || kind === "shorts" || kind === "live" || kind === "v" ? (id ?? null) : null;
}

function vimeoId(url: URL): string | null {
  if (!vimeoHosts.has(url.hostname)) return null;
  const parts = url.pathname.split("/").filter(Boolean);
  const id = url.hostname === "player.vimeo.com" ? (parts[0] === "video" ? parts[1] : undefined) : parts[0];
  return id ?? null;
}

/** The embed of a lesson link, or null when it is not a YouTube, Vimeo or direct video link. */
export function toVideoEmbed(input: string): VideoEmbed | null {
  const text = input.trim();
  // A path on this site (an uploaded file or one the app ships): the page's own origin serves it.
  if (/^\/[A-Za-z0-9_-][A-Za-z0-9/_.-]*$/.test(text) && !text.includes(".."))
    return VIDEO_FILE.test(text) ? { kind: "file", src: text } : null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.username || url.password) return null;
  const yt = youtubeId(url);
  if (yt !== null) return YOUTUBE_ID.test(yt) ? { kind: "youtube", src: `https://www.youtube-nocookie.com/embed/${yt}` } : null;
  const vimeo = vimeoId(url);
  if (vimeo !== null) return VIMEO_ID.test(vimeo) ? { kind: "vimeo", src: `https://player.vimeo.com/video/${vimeo}` } : null;
  return VIDEO_FILE.test(url.pathname) ? { kind: "file", src: url.href } : null;
}

/**
 * Durations as the lesson form takes them: "MM:SS", or a single number of minutes; empty is 0.
 * Answers seconds, or null when the text is neither.
 */
export function parseDuration(input: string): number | null {
  const text = input.trim();
  if (text === "") return 0;
  const minutesOnly = /^(\d{1,4})$/.exec(text);
  if (minutesOnly) return Number(minutesOnly[1]) * 60;
  const mmss = /^(\d{1,4}):([0-5]\d)$/.exec(text);
  return mmss ? Number(mmss[1]) * 60 + Number(mmss[2]) : null;
}
