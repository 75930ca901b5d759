import { chromium } from "playwright-core";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"] });
const targets = process.argv.slice(2);
for (const [i, t] of targets.entries()) {
  const [path, theme, width] = t.split(",");
  const ctx = await b.newContext({ viewport: { width: Number(width || 1400), height: 900 }, colorScheme: theme || "light" });
  const p = await ctx.newPage();
  await p.goto("http://localhost:3123" + path, { waitUntil: "networkidle" });
  await p.screenshot({ path: `/tmp/shot${i}.png` });
  await ctx.close();
}
await b.close();
