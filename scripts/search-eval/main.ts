/**
 * `npm run bench:search`: the evaluation set (scripts/search-eval/queries.ts) against the index of
 * the embedded content at HEAD, built as the server builds it. Prints success@1, success@5 and
 * MRR per kind of query and overall, the misses, and the index's size, and writes them into
 * BENCHMARKS.md between the bench-search markers.
 *
 *   npm run bench:search [-- --no-write]
 */
import { parseArgs } from "node:util";
import { describeMachine } from "../bench/machine";
import { writeReport } from "../bench/report";
import { embeddedPages, indexOf } from "./corpus";
import { evaluate, report } from "./evaluate";
import { QUERIES } from "./queries";

const { values } = parseArgs({ options: { "no-write": { type: "boolean", default: false } } });
const machine = describeMachine();
const started = performance.now();
const pages = await embeddedPages();
const ids = new Set(pages.map((p) => p.id));
const unknown = QUERIES.flatMap((q) => q.answers.filter((id) => !ids.has(id)).map((id) => `"${q.q}" → ${id}`));
if (unknown.length) throw new Error(`answers that are not pages of the embedded content:\n${unknown.join("\n")}`);
const index = indexOf(pages);
const built = Math.round(performance.now() - started);
const table = report(evaluate(QUERIES, (q, limit) => index.search(q, limit).results.map((r) => r.id)));
const text = [
  `Run ${machine.date} at app revision \`${machine.revision}\` on ${machine.cpu}, ${machine.cores} cores, ` +
    `Node ${machine.node}: ${QUERIES.length} queries over ${pages.length} pages (${index.size} sections, ` +
    `index ≈ ${(index.bytes / 1024 / 1024).toFixed(1)} MB as weighed, built in ${built} ms).`,
  "",
  table,
].join("\n");
console.log(text);
if (!values["no-write"]) writeReport(text, "bench-search");
process.exit(0);
