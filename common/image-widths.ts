/**
 * The widths an uploaded image is served at besides its own (`/files/<key>?w=<width>`). A fixed few, so
 * each file has at most this many variants to make and keep, whoever asks.
 */
export const IMAGE_WIDTHS = [96, 320, 640, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** Screens draw up to two device pixels per CSS pixel; more is not worth the bytes. */
const DENSITY = 2;

/**
 * The address of an image drawn `cssWidth` pixels wide: for our own uploads the smallest variant that
 * covers it on a two-density screen (the upload itself past the largest), any other address unchanged.
 */
export function sizedImage(url: string, cssWidth: number): string {
  if (!url.startsWith("/files/") || url.includes("?")) return url;
  const width = IMAGE_WIDTHS.find((w) => w >= cssWidth * DENSITY);
  return width ? `${url}?w=${width}` : url;
}

/**
 * `src` and `srcSet` for an image whose drawn width depends on the screen (with the element's `sizes`):
 * the browser picks the smallest width that covers it. Other addresses get no `srcSet`.
 */
export function responsiveImage(url: string): { src: string; srcSet?: string } {
  if (!url.startsWith("/files/") || url.includes("?")) return { src: url };
  return {
    src: url,
    srcSet: IMAGE_WIDTHS.slice(1)
      .map((w) => `${url}?w=${w} ${w}w`)
      .join(", "),
  };
}
