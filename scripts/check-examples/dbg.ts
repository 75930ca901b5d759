import { checkExamples } from "./run";
import { extractPage } from "./blocks";
import { readPages } from "./content";
const r = await checkExamples("/work/wt/checker");
const blocks = readPages("/work/wt/checker").flatMap((p) => extractPage(p).blocks);
for (const check of ["typescript", "retired", "move-calls", "shell"]) {
  const f = new Set(r.failures.filter((x) => x.check === check).map((x) => `${x.file}:${x.line}`));
  const per: Record<string, number> = {};
  for (const b of blocks) { for (let l = b.fenceLine; l <= b.line + b.code.split("\n").length; l++) if (f.has(`${b.file}:${l}`)) { per[b.lang] = (per[b.lang] ?? 0) + 1; break; } }
  console.log(check, per);
}
const folders: Record<string, Record<string, number>> = {};
for (const x of r.failures) { const m = x.file.match(/^content\/(docs\/(?:guides\/(?:developer|operator)|[^/]+?)(?:\/|\.mdx$)|snippets|preambles)/); const k = m ? m[1]! : x.file; (folders[k] ??= {})[x.check] = ((folders[k] ??= {})[x.check] ?? 0) + 1; }
console.log(folders);
