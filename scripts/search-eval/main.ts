/**
 * `npm run bench:search`: the evaluation set (scripts/search-eval/queries.ts) against the index of
 * the embedded content at HEAD, built as the server builds it. Prints success@1, success@5 and
 * MRR per kind of query and overall, the misses, and the index's size.
 *
 *   npm run bench:search
 */
import { embeddedPages, indexOf } from "./corpus";
import { evaluate, report } from "./evaluate";
import { QUERIES } from "./queries";

const started = performance.now();
const pages = await embeddedPages();
const ids = new Set(pages.map((p) => p.id));
const unknown = QUERIES.flatMap((q) => q.answers.filter((id) => !ids.has(id)).map((id) => `"${q.q}" → ${id}`));
if (unknown.length) throw new Error(`answers that are not pages of the embedded content:\n${unknown.join("\n")}`);
const index = indexOf(pages);
console.log(
  `${pages.length} pages, ${index.size} sections, index ≈ ${(index.bytes / 1024 / 1024).toFixed(1)} MB as weighed; ` +
    `built in ${Math.round(performance.now() - started)} ms`,
);
console.log(`${QUERIES.length} queries\n`);
console.log(report(evaluate(QUERIES, (q, limit) => index.search(q, limit).results.map((r) => r.id))));
process.exit(0);
