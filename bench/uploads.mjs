// Uploaded images: what the Images binding's decode costs an upload, and what display widths save a page.
// Starts the production build under `wrangler dev` (the binding runs locally through Sharp, in wrangler's
// own process) on its own seeded data, uploads photo-sized images as the app's client sends them (at most
// 2048 pixels a side, re-encoded at quality 0.85), then reads each at its full size and at every display
// width. See bench/README.md, "Uploaded images".
import { execFileSync } from "node:child_process";
import sharp from "sharp";
import { ensureBuild, freshState, groupCpuMs, migrate, root, signInDemo, startServer, waitFor } from "./server.mjs";

const port = Number(process.env.BENCH_PORT ?? 8799);
const base = `http://127.0.0.1:${port}`;
const uploadsPerKind = Number(process.env.UPLOADS ?? 8);
const state = freshState("uploads", `${root}bench/.results/uploads/state`);

/**
 * A photo-like picture: detail at every scale (random fields at four sizes, each enlarged smoothly to the
 * frame, summed) so it compresses as a photo does at its full size and at each display width alike,
 * neither a flat colour nor pure grain (which a smaller width would average away). Same seed, same bytes.
 */
async function photo(width, height, seed, type) {
  let s = seed;
  const random = () => (s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const layers = await Promise.all(
    [8, 32, 128, 512].map((cells) => {
      const w = cells;
      const h = Math.max(1, Math.round((cells * height) / width));
      const field = Buffer.from(Array.from({ length: w * h * 3 }, () => Math.floor(random() * 256)));
      return sharp(field, { raw: { width: w, height: h, channels: 3 } })
        .resize(width, height, { kernel: "cubic" })
        .raw()
        .toBuffer();
    }),
  );
  const weights = [0.45, 0.3, 0.15, 0.1];
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = layers.reduce((sum, layer, l) => sum + layer[i] * weights[l], 0);
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return type === "image/webp" ? image.webp({ quality: 85 }).toBuffer() : image.jpeg({ quality: 85 }).toBuffer();
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

ensureBuild();
migrate(state);
execFileSync(process.execPath, ["db/seed.ts"], {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...process.env, AGORA_STATE_DIR: state },
});
const stop = startServer({ port, state, log: `${root}bench/.results/uploads/server.log` });
try {
  await waitFor(`${base}/api/health`);
  const cookie = (await signInDemo(base)).map((c) => `${c.name}=${c.value}`).join("; ");
  const kinds = [
    { name: "post image, 2048x1536 WebP", purpose: "post_image", width: 2048, height: 1536, type: "image/webp" },
    { name: "post image, 2048x1536 JPEG", purpose: "post_image", width: 2048, height: 1536, type: "image/jpeg" },
    { name: "avatar, 2048x2048 WebP", purpose: "avatar", width: 2048, height: 2048, type: "image/webp" },
  ];
  const results = [];
  for (const kind of kinds) {
    const files = await Promise.all(
      Array.from({ length: uploadsPerKind + 1 }, (_, i) => photo(kind.width, kind.height, 7 + i, kind.type)),
    );
    const walls = [];
    const decodes = [];
    let cpu = 0;
    let url = "";
    // The first upload warms the server (its code, and the binding's first Sharp load) and is not counted.
    for (const [i, bytes] of files.entries()) {
      const cpuBefore = groupCpuMs(stop.group);
      const started = performance.now();
      const res = await fetch(`${base}/api/uploads?purpose=${kind.purpose}`, {
        method: "POST",
        headers: { origin: base, cookie, "content-type": kind.type },
        body: bytes,
      });
      const wall = performance.now() - started;
      if (res.status !== 201) throw new Error(`${kind.name}: upload answered ${res.status} ${await res.text()}`);
      url = (await res.json()).url;
      if (i === 0) continue;
      walls.push(wall);
      cpu += groupCpuMs(stop.group) - cpuBefore;
      const timing = res.headers.get("server-timing") ?? "";
      decodes.push(Number(/decode;dur=(\d+)/.exec(timing)?.[1] ?? NaN));
    }
    const sizes = { full: files.at(-1).length };
    for (const w of [96, 320, 640, 1280]) {
      const res = await fetch(`${base}${url}?w=${w}`);
      if (!res.ok) throw new Error(`${url}?w=${w} answered ${res.status}`);
      sizes[w] = (await res.arrayBuffer()).byteLength;
    }
    results.push({ ...kind, wall: median(walls), decode: median(decodes), cpu: cpu / walls.length, sizes });
  }

  console.log(`\nUploads (${uploadsPerKind} of each after one to warm up; medians)`);
  console.log("kind                          size      upload    decode   share  server CPU/upload");
  for (const r of results) {
    console.log(
      `${r.name.padEnd(29)} ${kb(r.sizes.full).padStart(9)} ${`${r.wall.toFixed(0)} ms`.padStart(9)} ${`${r.decode} ms`.padStart(9)} ${`${((r.decode / r.wall) * 100).toFixed(0)}%`.padStart(7)} ${`${r.cpu.toFixed(0)} ms`.padStart(10)}`,
    );
  }
  console.log("\nBytes served per image, full size and each display width");
  console.log("kind                              full        96       320       640      1280");
  for (const r of results) {
    console.log(
      `${r.name.padEnd(29)} ${[r.sizes.full, r.sizes[96], r.sizes[320], r.sizes[640], r.sizes[1280]].map((b) => kb(b).padStart(9)).join(" ")}`,
    );
  }
  // A feed page: 20 posts by different members, each with its author's avatar (drawn 40 CSS pixels wide)
  // and one photo (drawn 640 wide on a desktop, the screen's width on a phone).
  const avatar = results.find((r) => r.purpose === "avatar").sizes;
  const image = results[0].sizes;
  const page = (a, i) => 20 * (a + i);
  console.log("\nA feed page of 20 posts (an avatar and one WebP photo each)");
  console.log(`  full-size files:                         ${kb(page(avatar.full, image.full))}`);
  console.log(`  display widths, desktop at density 1:    ${kb(page(avatar[96], image[640]))}`);
  console.log(`  display widths, phone or density 2:      ${kb(page(avatar[96], image[1280]))}`);
  console.log(
    `  ratio (density 2 / full size):           ${(page(avatar[96], image[1280]) / page(avatar.full, image.full)).toFixed(3)}`,
  );
} finally {
  stop();
}
