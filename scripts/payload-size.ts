/**
 * HTML size of a few pages and how much of it is inline script (the hydration payload), as served
 * by the production build in a project root: npx tsx scripts/payload-size.ts [project root] [page ids...]
 */
import path from "node:path";
import { freePort, start } from "./bench/process";
import { tempDir } from "./bench/temp";

const root = path.resolve(process.argv[2] ?? ".");
const ids = process.argv.length > 3 ? process.argv.slice(3) : ["concepts/sui-architecture/indexer-functions", "standards/coin", "guides/developer/getting-started/connect", "references/sui-glossary"];
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const server = start(process.execPath, [path.join(root, "build/index.js")], {
  cwd: root,
  env: { PATH: process.env.PATH, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), DATA_DIR: tempDir("payload-data-") },
});
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      if (i > 600 || !server.alive()) throw new Error(`server did not start: ${server.output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  for (const id of ids) {
    const html = await (await fetch(`${url}/${id}`)).text();
    const scripts = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].reduce((sum, m) => sum + m[1]!.length, 0);
    console.log(`${id}: HTML ${(html.length / 1024).toFixed(1)} KB, inline script ${(scripts / 1024).toFixed(1)} KB`);
  }
} finally {
  await server.stop();
}
