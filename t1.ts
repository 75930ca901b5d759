import { compileMdx } from "./server/mdx/compile";
import fs from "node:fs";
const src = fs.readFileSync(process.argv[2] ?? "content/docs/guides.mdx", "utf8");
const files: Record<string,string> = {};
for (const f of fs.readdirSync("content/snippets")) files[`snippets/${f}`] = fs.readFileSync(`content/snippets/${f}`, "utf8");
const t = performance.now();
try {
const r = await compileMdx({ path: "docs/x.mdx", source: src, files });
console.log(performance.now()-t, JSON.stringify(r.tree).length, JSON.stringify(r.toc).slice(0,200));
console.log(JSON.stringify(r.tree).slice(0, 1500));
} catch (e) { console.log("ERR", (e as Error).message) }
