/** Reading image files byte by byte: bounds-checked numbers and the one way a parser gives up. */

/** What every format parser reads off a valid file. */
export type PixelSize = { width: number; height: number };
/** An image's canvas and how many frames it shows there (1 unless animated): what a browser decodes. */
export type ImageSize = PixelSize & { frames: number };

/** A file that claims a format but breaks its structure; `reason` is shown to the uploader. */
export class InvalidImage extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "InvalidImage";
  }
}

export function fail(reason: string): never {
  throw new InvalidImage(reason);
}

/** Every read checks its bounds: a truncated file is refused, never read past its end. */
export class Bytes {
  readonly length: number;
  private readonly view: DataView;

  constructor(
    readonly data: Uint8Array,
    private readonly truncated: string,
  ) {
    this.length = data.length;
    this.view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  }

  need(offset: number, count: number): void {
    if (offset < 0 || count < 0 || offset + count > this.length) fail(this.truncated);
  }

  u8(offset: number): number {
    this.need(offset, 1);
    return this.data[offset]!;
  }

  u16be(offset: number): number {
    this.need(offset, 2);
    return this.view.getUint16(offset);
  }

  u16le(offset: number): number {
    this.need(offset, 2);
    return this.view.getUint16(offset, true);
  }

  u24le(offset: number): number {
    this.need(offset, 3);
    return this.data[offset]! | (this.data[offset + 1]! << 8) | (this.data[offset + 2]! << 16);
  }

  u32be(offset: number): number {
    this.need(offset, 4);
    return this.view.getUint32(offset);
  }

  u32le(offset: number): number {
    this.need(offset, 4);
    return this.view.getUint32(offset, true);
  }

  ascii(offset: number, count: number): string {
    this.need(offset, count);
    return String.fromCharCode(...this.data.subarray(offset, offset + count));
  }
}
