/**
 * Lighthouse scores (performance, accessibility, best practices, SEO) of a few pages, as the
 * production build serves them, in Debian's Chromium: npx tsx scripts/lighthouse.ts [--desktop] [paths...]
 * Default: Lighthouse's mobile run (a mid-range phone on a slow 4G link, simulated). Exits 1 when a
 * score is under 0.95, the site's budget. Slow (a minute or more per page): not part of npm test.
 */
import lighthouse, { desktopConfig } from "lighthouse";
import { chromium } from "playwright-core";
import { buildApp, startAppServer } from "./bench/app-server";
import { freePort } from "./bench/process";

const BUDGET = 0.95;
const args = process.argv.slice(2);
const desktop = args.includes("--desktop");
const paths = args.filter((a) => !a.startsWith("--"));
if (!paths.length) paths.push("/", "/guides/developer/first-app/write-package");

if (!process.env.SKIP_BUILD) buildApp();
const server = await startAppServer();
const port = await freePort();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--headless=new", "--no-sandbox", "--disable-gpu", `--remote-debugging-port=${port}`],
});
let failed = false;
try {
  // The page is asked for by the name its canonical URL uses (http://localhost:<PORT>), as a reader would.
  const origin = server.url.replace("127.0.0.1", "localhost");
  for (const path of paths) {
    await fetch(origin + path); // compile it first: the scores are about the page, not a cold compile
    const result = await lighthouse(origin + path, { port, output: "json", logLevel: "error" }, desktop ? desktopConfig : undefined);
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    const { categories, audits } = result.lhr;
    const scores = Object.values(categories).map((c) => `${c.title} ${c.score?.toFixed(2)}`);
    console.log(`${path} (${desktop ? "desktop" : "mobile"}): ${scores.join(", ")}`);
    for (const category of Object.values(categories)) {
      if ((category.score ?? 0) >= BUDGET) continue;
      failed = true;
      // What pulled the score down: the category's audits that did not pass, worst first.
      const weak = category.auditRefs
        .map((ref) => audits[ref.id]!)
        .filter((a) => a.score !== null && a.score < 0.9)
        .sort((a, b) => (a.score ?? 0) - (b.score ?? 0));
      for (const audit of weak) console.log(`  ${category.title}: ${audit.id} ${audit.score} ${audit.displayValue ?? ""}`);
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
process.exit(failed ? 1 : 0);
