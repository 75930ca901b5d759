/**
 * HTML size of a few pages and how much of it is inline script (the hydration payload), as the
 * production build serves them: npx tsx scripts/payload-size.ts [page ids...]
 */
import { startAppServer } from "./bench/app-server";

const ids =
  process.argv.length > 2
    ? process.argv.slice(2)
    : [
        "concepts/sui-architecture/indexer-functions",
        "standards/coin",
        "guides/developer/getting-started/connect",
        "references/sui-glossary",
      ];
const server = await startAppServer();
try {
  for (const id of ids) {
    const html = await (await fetch(`${server.url}/${id}`)).text();
    const scripts = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].reduce((sum, m) => sum + m[1]!.length, 0);
    console.log(`${id}: HTML ${(html.length / 1024).toFixed(1)} KB, inline script ${(scripts / 1024).toFixed(1)} KB`);
  }
} finally {
  await server.stop();
}
