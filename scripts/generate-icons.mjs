// Draws the app's install icons from the same mark as favicon.svg, with the Chromium the end-to-end tests
// use, so the PNGs in web/public/icons can be made again whenever the mark changes:
//   npx node scripts/generate-icons.mjs
import { writeFile } from "node:fs/promises";
import { chromium } from "@playwright/test";

const mark = `<path d="M9 23 16 8l7 15h-3.2l-1.4-3.2h-4.8L12.2 23Zm5.7-5.9h2.6L16 14.1Z" fill="#fff"/>`;
const brand = "#4f46e5";

// "any" icons keep the favicon's rounded square. Maskable ones fill the whole canvas and shrink the mark
// into the inner 80% circle, which every platform's mask leaves visible; iOS rounds the touch icon itself.
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${brand}"/>${mark}</svg>`;
const fullBleed = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${brand}"/><g transform="translate(16 16) scale(${scale}) translate(-16 -15.5)">${mark}</g></svg>`;

const icons = [
  { file: "icon-192.png", size: 192, svg: rounded },
  { file: "icon-512.png", size: 512, svg: rounded },
  { file: "maskable-192.png", size: 192, svg: fullBleed(0.7) },
  { file: "maskable-512.png", size: 512, svg: fullBleed(0.7) },
  { file: "apple-touch-icon.png", size: 180, svg: fullBleed(0.85) },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const html = `<html><body style="margin:0;background:transparent">${svg.replace("<svg ", `<svg width="${size}" height="${size}" `)}</body></html>`;
    await page.setContent(html);
    const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    await writeFile(new URL(`../web/public/icons/${file}`, import.meta.url), png);
    await page.close();
  }
} finally {
  await browser.close();
}
