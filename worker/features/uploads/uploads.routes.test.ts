import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createUser, pngBytes } from "../../../tests/factories";
import { imageInfo } from "./image-info";

const png = pngBytes;

function jpeg(width: number, height: number): Uint8Array {
  // SOI, an APP0 segment of 16 bytes, then SOF0 with the size.
  const bytes = new Uint8Array([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0,
    16,
    ...new Array(14).fill(0),
    0xff,
    0xc0,
    0,
    17,
    8,
    0,
    0,
    0,
    0,
    3,
    ...new Array(12).fill(0),
  ]);
  const view = new DataView(bytes.buffer);
  view.setUint16(25, height);
  view.setUint16(27, width);
  return bytes;
}

async function upload(body: Uint8Array | string, type: string, cookie?: string, purpose = "post_image") {
  return call(`/api/uploads?purpose=${purpose}`, {
    method: "POST",
    rawBody: body,
    cookie,
    headers: { "content-type": type },
  });
}

describe("image headers", () => {
  it("reads type and size from PNG and JPEG bytes", () => {
    expect(imageInfo(png(640, 480))).toEqual({ type: "image/png", width: 640, height: 480 });
    expect(imageInfo(jpeg(1024, 768))).toEqual({ type: "image/jpeg", width: 1024, height: 768 });
    expect(imageInfo(new TextEncoder().encode("<svg onload=alert(1)>"))).toBeNull();
  });
});

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
    expect((await upload(png(100, 100, 5 * 1024 * 1024 + 1), "image/png", cookie)).status).toBe(413);
    const huge = await upload(png(9000, 9000), "image/png", cookie);
    expect(huge.status).toBe(422);
    expect(((await huge.json()) as { error: { issues: { path: string }[] } }).error.issues[0]!.path).toBe("file");
  });

  it("refuses an unknown purpose and unknown files", async () => {
    const { cookie } = await createUser();
    expect((await upload(png(10, 10), "image/png", cookie, "weapon")).status).toBe(422);
    expect((await call("/files/post_image/00000000-0000-7000-8000-000000000000.png")).status).toBe(404);
    expect((await call("/files/../secrets")).status).toBe(404);
  });
});
