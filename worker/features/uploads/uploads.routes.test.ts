import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createUser } from "../../../tests/factories";
import { deflateSync } from "node:zlib";
import { concat, flipped, gifFile, moreRealImages, pngFile, pngWithData, realImages } from "../../../tests/images";
import { inspectImage } from "./image-info";

const png = pngFile;

async function upload(body: Uint8Array | string, type: string, cookie?: string, purpose = "post_image") {
  return call(`/api/uploads?purpose=${purpose}`, {
    method: "POST",
    rawBody: body,
    cookie,
    headers: { "content-type": type },
  });
}

describe("uploads", () => {
  it("stores a checked image under a random key and serves it safely", async () => {
    const { user, cookie } = await createUser();
    const res = await upload(png(800, 600), "image/png", cookie);
    expect(res.status).toBe(201);
    const body = (await res.json()) as { url: string; width: number; height: number };
    expect(body).toMatchObject({ width: 800, height: 600 });
    expect(body.url).toMatch(/^\/files\/post_image\/[0-9a-f-]{36}\.png$/);
    const row = await env.DB.prepare("select owner_id, content_type, width from uploads where r2_key = ?")
      .bind(body.url.slice("/files/".length))
      .first<{ owner_id: string; content_type: string; width: number }>();
    expect(row).toEqual({ owner_id: user.id, content_type: "image/png", width: 800 });

    const file = await call(body.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.headers.get("content-security-policy")).toContain("sandbox");
    expect(file.headers.get("cache-control")).toContain("immutable");
    expect(new Uint8Array(await file.arrayBuffer()).slice(0, 8)).toEqual(png(1, 1).slice(0, 8));
  });

  it("needs a session", async () => {
    expect((await upload(png(10, 10), "image/png")).status).toBe(401);
  });

  it.each([
    ["a type that is not an image", "text/html", "<script>alert(1)</script>", 415],
    ["SVG", "image/svg+xml", "<svg xmlns='http://www.w3.org/2000/svg'/>", 415],
    ["bytes that do not match the declared type", "image/jpeg", "png", 415],
    ["an empty body", "image/png", "", 400],
  ] as const)("refuses %s", async (_name, type, body, status) => {
    const { cookie } = await createUser();
    const before = (await env.DB.prepare("select count(*) as n from uploads").first<{ n: number }>())!.n;
    const res = await upload(body === "png" ? png(10, 10) : body, type, cookie);
    expect(res.status).toBe(status);
    expect((await env.DB.prepare("select count(*) as n from uploads").first<{ n: number }>())!.n).toBe(before);
  });

  it("refuses images over 5 MB and over the pixel limit", async () => {
    const { cookie } = await createUser();
    expect((await upload(png(100, 100, 5 * 1024 * 1024), "image/png", cookie)).status).toBe(413);
    const huge = await upload(png(9000, 9000), "image/png", cookie);
    expect(huge.status).toBe(422);
    expect(((await huge.json()) as { error: { issues: { path: string }[] } }).error.issues[0]!.path).toBe("file");
  });

  it("refuses an animation whose frames decode to more than the cap, however small the file", async () => {
    const { cookie } = await createUser();
    // 800×800 is 0.64 megapixels: 100 frames are the 64 megapixels allowed, 101 are past them.
    expect((await upload(gifFile(800, 800, { frames: 100 }), "image/gif", cookie)).status).toBe(201);
    const bomb = await upload(gifFile(800, 800, { frames: 101 }), "image/gif", cookie);
    expect(bomb.status).toBe(422);
    expect(((await bomb.json()) as { error: { message: string } }).error.message).toBe(
      "The animation has too many frames for its size.",
    );
  });

  it.each(Object.entries(realImages))("stores a real %s", async (type, bytes) => {
    const { cookie } = await createUser();
    const res = await upload(bytes, type, cookie);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ width: 3, height: 2, size: bytes.length });
  });

  const html = "<html><body><script>alert(document.cookie)</script></body></html>";

  it.each([
    ["HTML behind a GIF header", "image/gif", concat("GIF89a", html), "The GIF file has an unknown block."],
    [
      "the GIF/JavaScript polyglot",
      "image/gif",
      concat(gifFile(0x2a2f, 1, { header: concat("GIF89a/*", [1, 0]) }), "*/=alert(1);"),
      "The GIF file has data after its end.",
    ],
    ["a PNG with bytes after IEND", "image/png", concat(realImages["image/png"], html), "The PNG file has data after its end."],
    [
      "a PNG with a wrong CRC",
      "image/png",
      flipped(realImages["image/png"], realImages["image/png"].length - 20),
      "The PNG chunk IDAT has a wrong checksum.",
    ],
    [
      "a JPEG with bytes after EOI",
      "image/jpeg",
      concat(realImages["image/jpeg"], html),
      "The JPEG file has data after its end.",
    ],
    [
      "a WebP with bytes after its end",
      "image/webp",
      concat(realImages["image/webp"], html),
      "The WebP file size field does not match the file.",
    ],
    ["a PNG sent as a GIF", "image/gif", realImages["image/png"], "The file's content is not of its declared type."],
    // Well-formed chunks around pixel data a browser cannot draw.
    [
      "a PNG whose image data is not zlib",
      "image/png",
      pngWithData(10, 10, new Uint8Array(64).fill(0x41)),
      "The PNG image data does not decode.",
    ],
    [
      "a PNG whose image data stops short",
      "image/png",
      pngWithData(10, 10, deflateSync(new Uint8Array(5 * 31))),
      "The PNG image data is shorter than its size.",
    ],
    [
      "a PNG with more image data than its size",
      "image/png",
      pngWithData(10, 10, deflateSync(new Uint8Array(11 * 31))),
      "The PNG image data is longer than its size.",
    ],
    [
      "a PNG with an undefined row filter",
      "image/png",
      pngWithData(10, 10, deflateSync(new Uint8Array(10 * 31).fill(5))),
      "The PNG image data has an invalid filter.",
    ],
    [
      "a PNG whose zlib stream is cut",
      "image/png",
      pngWithData(10, 10, deflateSync(new Uint8Array(10 * 31)).subarray(0, 6)),
      "The PNG image data does not decode.",
    ],
  ] as const)("refuses %s with 415 and the reason", async (_name, type, bytes, reason) => {
    const { cookie } = await createUser();
    const res = await upload(bytes, type, cookie);
    expect(res.status).toBe(415);
    const { error } = (await res.json()) as {
      error: { code: string; message: string; issues: { path: string; message: string }[] };
    };
    expect(error).toMatchObject({
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: "The file is not a valid image of the declared type.",
    });
    expect(error.issues).toEqual([{ path: "file", message: reason }]);
  });

  it.each([
    ["a 10000x4000 PNG (a decompression bomb in a few bytes)", "image/png", png(10_000, 4_000)],
    ["a PNG of 4096x4096 (over 16 megapixels)", "image/png", png(4096, 4096)],
    ["a GIF whose screen is 5000 wide", "image/gif", gifFile(5000, 10)],
  ] as const)("refuses %s with 422", async (_name, type, bytes) => {
    const { cookie } = await createUser();
    const res = await upload(bytes, type, cookie);
    expect(res.status).toBe(422);
    const { error } = (await res.json()) as { error: { code: string; issues: { path: string; message: string }[] } };
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.issues).toEqual([{ path: "file", message: "At most 4096 pixels a side and 16 megapixels" }]);
  });

  it("accepts a PNG whose pixels decode, interlaced (Adam7) or not", async () => {
    const { cookie } = await createUser();
    // 10x10 RGB interlaced: the seven passes are 2x2, 1x2, 3x1, 2x3, 5x2, 5x5 and 10x5 pixels.
    const passes = [
      [2, 2],
      [1, 2],
      [3, 1],
      [2, 3],
      [5, 2],
      [5, 5],
      [10, 5],
    ];
    const bytes = passes.reduce((sum, [w, h]) => sum + h! * (1 + w! * 3), 0);
    const interlaced = pngWithData(10, 10, deflateSync(new Uint8Array(bytes)), { interlaced: true });
    expect((await upload(interlaced, "image/png", cookie)).status).toBe(201);
    expect((await upload(pngWithData(10, 10, deflateSync(new Uint8Array(10 * 31))), "image/png", cookie)).status).toBe(201);
    expect((await upload(realImages["image/png"], "image/png", cookie)).status).toBe(201);
  });

  it("refuses a WebP or a GIF whose pixel data does not decode, though its structure is whole", async () => {
    const { cookie } = await createUser();
    // Inside the VP8 chunk, past its frame header: the chunk's size and the image's size are untouched.
    const webp = realImages["image/webp"].slice();
    webp.fill(0xff, 30);
    // The GIF's one frame: its descriptor at 45, the LZW code size, then one sub-block of 4 data bytes.
    const gif = realImages["image/gif"].slice();
    expect([gif[45], gif[55], gif[56]]).toEqual([0x2c, 3, 4]);
    gif.fill(0xff, 57, 61);
    for (const [type, bytes] of [
      ["image/webp", webp],
      ["image/gif", gif],
    ] as const) {
      expect(inspectImage(bytes).ok).toBe(true);
      const before = (await env.DB.prepare("select count(*) as n from uploads").first<{ n: number }>())!.n;
      const res = await upload(bytes, type, cookie);
      expect(res.status).toBe(415);
      const { error } = (await res.json()) as { error: { issues: { path: string; message: string }[] } };
      expect(error.issues).toEqual([{ path: "file", message: "The image's pixel data could not be decoded." }]);
      expect((await env.DB.prepare("select count(*) as n from uploads").first<{ n: number }>())!.n).toBe(before);
    }
  });

  it("serves the display widths of an upload, made once from it and kept", async () => {
    const { cookie } = await createUser();
    const { url } = (await (await upload(png(800, 600), "image/png", cookie)).json()) as { url: string };
    const key = url.slice("/files/".length);
    // The upload decoded every pixel by making the smallest width, and kept it.
    expect(await env.FILES.head(`variants/${key}/96.webp`)).not.toBeNull();
    expect(await env.FILES.head(`variants/${key}/320.webp`)).toBeNull();

    const res = await call(`${url}?w=320`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect(inspectImage(new Uint8Array(await res.arrayBuffer()))).toMatchObject({ ok: true, image: { width: 320, height: 240 } });
    expect(await env.FILES.head(`variants/${key}/320.webp`)).not.toBeNull();
    const small = await call(`${url}?w=96`);
    expect(inspectImage(new Uint8Array(await small.arrayBuffer()))).toMatchObject({ ok: true, image: { width: 96, height: 72 } });

    // Never enlarged; only the listed widths.
    const tiny = (await (await upload(realImages["image/jpeg"], "image/jpeg", cookie)).json()) as { url: string };
    const wide = await call(`${tiny.url}?w=1280`);
    expect(inspectImage(new Uint8Array(await wide.arrayBuffer()))).toMatchObject({
      ok: true,
      image: { type: "image/webp", width: 3 },
    });
    expect((await call(`${url}?w=100`)).status).toBe(400);
    expect((await call(`${url}?w=`)).status).toBe(400);
    expect((await call(`/files/post_image/00000000-0000-7000-8000-000000000000.png?w=96`)).status).toBe(404);
  });

  it("serves an animation whole at every width (a variant would be its first frame)", async () => {
    const { cookie } = await createUser();
    for (const [type, bytes] of [
      ["image/gif", moreRealImages.animatedGif],
      ["image/webp", moreRealImages.animatedWebp],
    ] as const) {
      const { url } = (await (await upload(bytes, type, cookie)).json()) as { url: string };
      const res = await call(`${url}?w=96`);
      expect(res.headers.get("content-type")).toBe(type);
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
    }
    // A GIF of one frame is a still picture like any other.
    const { url } = (await (await upload(realImages["image/gif"], "image/gif", cookie)).json()) as { url: string };
    expect((await call(`${url}?w=96`)).headers.get("content-type")).toBe("image/webp");
  });

  it("stores an image at the size limit", async () => {
    const { cookie } = await createUser();
    expect((await upload(png(4096, 3900), "image/png", cookie)).status).toBe(201);
  });

  it("refuses an unknown purpose and unknown files", async () => {
    const { cookie } = await createUser();
    expect((await upload(png(10, 10), "image/png", cookie, "weapon")).status).toBe(422);
    expect((await call("/files/post_image/00000000-0000-7000-8000-000000000000.png")).status).toBe(404);
    expect((await call("/files/../secrets")).status).toBe(404);
  });
});
