import { deflateSync } from "node:zlib";
import { MAX_PIXELS, MAX_SIDE } from "../common/contract/limits";
import { crc32 } from "../worker/features/uploads/crc32";

/**
 * Image files for upload tests: small real ones made by libvips (sharp 0.35: libpng, libjpeg-turbo,
 * libwebp, cgif), and builders for crafted ones whose structure a test controls byte by byte.
 */

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** 3x2 pixels each (the animations two frames of 3x2). */
export const realImages = {
  "image/png": fromBase64(
    "iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAYAAACddGYaAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGklEQVQImWP4z8DwHwwZ/v8HoQaG//9BLAYApPkNdAT2Fb0AAAAASUVORK5CYII=",
  ),
  "image/jpeg": fromBase64(
    "/9j/2wBDAAUDBAQEAwUEBAQFBQUGBwwIBwcHBw8LCwkMEQ8SEhEPERETFhwXExQaFRERGCEYGh0dHx8fExciJCIeJBweHx7/2wBDAQUFBQcGBw4ICA4eFBEUHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh7/wAARCAACAAMDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAj/xAAfEAABBAICAwAAAAAAAAAAAAABAAIDBAYRBQcSE0H/xAAVAQEBAAAAAAAAAAAAAAAAAAAFB//EAB0RAAECBwAAAAAAAAAAAAAAAAABAgMEBTI1crL/2gAMAwEAAhEDEQA/AKS4frzAL1M2LuDYxZmM0rPZNxMD3eLZHNaNlu9BoAA+AAIiKpUPGS+jOUC4diH/2Q==",
  ),
  "image/webp": fromBase64(
    "UklGRmIAAABXRUJQVlA4IFYAAADwAQCdASoDAAIAAQAcJagCdLoAAwkG/UgA/vtXv/8c//E7oebC6d4vXY7Nv1f4TG/+r0/8I6v2j/xf//gTv/L0/8I6v2j/xf//AnfqH4u0hRCOdtuAAA==",
  ),
  "image/gif": fromBase64("R0lGODlhAwACAIIAAExpcQD/AP//AP8AAAD//wAA/wAAAAAAACH5BAUAAAAALAAAAAADAAIAAAMEOFFCkAA7"),
} as const;

/** The same 3x2 pixels in the other encodings each format allows. */
export const moreRealImages = {
  progressiveJpeg: fromBase64(
    "/9j/2wBDAAUDBAQEAwUEBAQFBQUGBwwIBwcHBw8LCwkMEQ8SEhEPERETFhwXExQaFRERGCEYGh0dHx8fExciJCIeJBweHx7/2wBDAQUFBQcGBw4ICA4eFBEUHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh7/wgARCAACAAMDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAf/xAAVAQEBAAAAAAAAAAAAAAAAAAAEBv/aAAwDAQACEAMQAAABpIqS/wD/xAAXEAEAAwAAAAAAAAAAAAAAAAACAwQF/9oACAEBAAEFAoc+gx//xAAWEQADAAAAAAAAAAAAAAAAAAAAAjH/2gAIAQMBAT8BWH//xAAaEQAABwAAAAAAAAAAAAAAAAAAAQMENHGx/9oACAECAQE/AWMZOiwf/8QAHBAAAQMFAAAAAAAAAAAAAAAAAQACBAMREiFR/9oACAEBAAY/AsnwYzjc7NIdX//EABkQAQACAwAAAAAAAAAAAAAAAAEAESFBUf/aAAgBAQABPyHDha3aEGuT/9oADAMBAAIAAwAAABAD/8QAFREBAQAAAAAAAAAAAAAAAAAAADH/2gAIAQMBAT8Qi//EABYRAAMAAAAAAAAAAAAAAAAAAABR8P/aAAgBAgEBPxCWh//EABgQAQEAAwAAAAAAAAAAAAAAAAERACFB/9oACAEBAAE/EFi9pjAVqAAOAGf/2Q==",
  ),
  losslessWebp: fromBase64("UklGRjQAAABXRUJQVlA4TCgAAAAvAkAAEC8gEEjaH3qN+RcQFPk/moCg6LrlAvhBygSBABkixoGI/scG"),
  alphaWebp: fromBase64(
    "UklGRoAAAABXRUJQVlA4WAoAAAAQAAAAAgAAAQAAQUxQSAcAAAAA////gP8AAFZQOCBSAAAA8AEAnQEqAwACAAEAHCWoAnS6AAMI/n+AAP5tPT3Tv4Dj+e8nyhvpVUsqaT/5QH/zpX/yK/6cP/7oE/+UB/86V/8iv+nD/90Cf+yJSkesMzTwAA==",
  ),
  animatedWebp: fromBase64(
    "UklGRiYBAABXRUJQVlA4WAoAAAASAAAAAgAAAQAAQU5JTQYAAAD/////AABBTk1GfAAAAAAAAAAAAAIAAAEAAGQAAAJBTFBIBwAAAAD///+A/wAAVlA4IFQAAADwAQCdASoDAAIAAQAcJagCdLoAAwj3jHAA/m08Qcm/Ko/nWX3B2hlFdjMUdw8r/9tv/4R1ftH/c3/+TZf9iH/4R1ftH/c3/8my/9XD12+Ag2uuAABBTk1GdgAAAAAAAAAAAAIAAAEAAGQAAAJBTFBIBwAAAAD/AP8AAP8AVlA4IE4AAACwAgCdASoDAAIAAQAcJagCdEcAfwDKAP0ABbtZeFgA/vTGB4hdfYq7vHLlZ/4a/+xWMpOD+a/+xWMjk//5QPO3f/85f//KB527/UAAAAA=",
  ),
  animatedGif: fromBase64(
    "R0lGODlhAwACAIIAAExpcQD/AP//AP8AAAD//wAA/wAAAAAAACH/C05FVFNDQVBFMi4wAwEAAAAh+QQJCgAAACwAAAAAAwACAAADBDhRQpAAIfkEBQAAAAAsAAAAAAMAAgCBTGlxAP8A/wAAgAD/AgQMBiAFADs=",
  ),
};

export function concat(...parts: (Uint8Array | readonly number[] | string)[]): Uint8Array {
  const arrays = parts.map((p) => (typeof p === "string" ? new TextEncoder().encode(p) : Uint8Array.from(p)));
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0));
  let offset = 0;
  for (const a of arrays) {
    out.set(a, offset);
    offset += a.length;
  }
  return out;
}

/** A copy with one byte changed. */
export function flipped(bytes: Uint8Array, at: number): Uint8Array {
  const copy = bytes.slice();
  copy[at] = copy[at]! ^ 0xff;
  return copy;
}

const u32be = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const u16le = (n: number) => [n & 255, (n >>> 8) & 255];

/** One PNG chunk with its length and a correct CRC over its name and data. */
export function pngChunk(type: string, data: Uint8Array | readonly number[] | string = []): Uint8Array {
  const body = concat(type, data);
  return concat(u32be(body.length - 4), body, u32be(crc32(body)));
}

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** 8-bit RGB, no interlace (or Adam7). */
export const pngHeader = (width: number, height: number, interlaced = false) =>
  pngChunk("IHDR", [...u32be(width), ...u32be(height), 8, 2, 0, 0, interlaced ? 1 : 0]);

/** An 8-bit RGB PNG whose image data (IDAT) is exactly `data`: well-formed chunks around any pixel data. */
export const pngWithData = (width: number, height: number, data: Uint8Array, opts: { interlaced?: boolean } = {}) =>
  concat(PNG_SIGNATURE, pngHeader(width, height, opts.interlaced), pngChunk("IDAT", data), pngChunk("IEND"));

/** The image data of a black 8-bit RGB PNG: every scanline's filter byte (none) and its pixels, deflated. */
const blackPixels = (width: number, height: number) => deflateSync(new Uint8Array(height * (1 + width * 3)));

/**
 * A valid PNG of any declared size: IHDR, its image data and IEND, with `filler` bytes in a text chunk
 * to reach a file size. Past the server's pixel cap the image data is a tiny empty stream instead (the
 * server refuses such a file before it reads any pixels, and a real one would take gigabytes here).
 */
export function pngFile(width: number, height: number, filler = 0): Uint8Array {
  const text = filler > 0 ? [pngChunk("tEXt", concat("Comment\0", new Uint8Array(filler).fill(0x20)))] : [];
  const withinCap = width <= MAX_SIDE && height <= MAX_SIDE && width * height <= MAX_PIXELS;
  return concat(
    PNG_SIGNATURE,
    pngHeader(width, height),
    ...text,
    pngChunk("IDAT", withinCap ? blackPixels(width, height) : [0x78, 0x9c, 0x03, 0x00, 0, 0, 0, 1]),
    pngChunk("IEND"),
  );
}

/**
 * A GIF89a of the given screen size with one frame (a 2-colour global table, a frame covering the
 * screen, one data sub-block) and the trailer; `header` replaces the 6-byte signature and screen size;
 * `frames` repeats the frame (an animation of that many frames, a few bytes each).
 */
export function gifFile(
  width: number,
  height: number,
  opts: { header?: Uint8Array; frame?: number[]; frames?: number } = {},
): Uint8Array {
  const header = opts.header ?? concat("GIF89a", u16le(width), u16le(height));
  const frame = opts.frame ?? [0, 0, 0, 0, ...u16le(width), ...u16le(height)];
  const image = concat([0x2c, ...frame, 0], [2, 2, 0x4c, 0x01, 0]);
  const images = Array.from({ length: opts.frames ?? 1 }, () => image);
  return concat(header, [0x80, 0, 0], [0, 0, 0, 255, 255, 255], ...images, [0x3b]);
}
