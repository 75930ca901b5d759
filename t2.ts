import { compileMdx } from "./server/mdx/compile";
import fs from "node:fs";
import path from "node:path";
const files: Record<string,string> = {};
const all: string[] = [];
const walk = (d: string) => { for (const e of fs.readdirSync(d, { withFileTypes: true })) { const f = path.join(d, e.name); if (e.isDirectory()) walk(f); else if (f.endsWith(".mdx")) all.push(f); } };
walk("content/docs"); walk("content/snippets");
for (const f of all) files[path.relative("content", f)] = fs.readFileSync(f, "utf8");
let total = 0, n = 0, fail = 0;
const sizes: Array<[number,string]> = [];
for (const f of Object.keys(files)) {
  try { const r = await compileMdx({ path: f, source: files[f]!, files }); const s = JSON.stringify(r.tree).length; total += s; n++; sizes.push([s, f]); }
  catch (e) { fail++; console.log("ERR", (e as Error).message.slice(0, 300)); }
}
sizes.sort((a,b)=>a[0]-b[0]);
console.log({ n, fail, avg: total / n, median: sizes[Math.floor(n/2)], max: sizes.at(-1) });
