/**
 * Draws the default social image, public/social-card.png (1200 × 630, what og:image names), from
 * its source public/social-card.svg with headless Chromium. Run after editing the SVG:
 * npx tsx scripts/social-card.ts
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

const PUBLIC = path.resolve(import.meta.dirname, "../public");
const svg = fs.readFileSync(path.join(PUBLIC, "social-card.svg"), "utf8");

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(`<!doctype html><html><body style="margin:0">${svg}</body></html>`);
  await page.screenshot({ path: path.join(PUBLIC, "social-card.png"), clip: { x: 0, y: 0, width: 1200, height: 630 } });
} finally {
  await browser.close();
}
