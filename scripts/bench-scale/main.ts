/**
 * `npm run bench:scale`: builds synthetic repositories of growing history (cached in .bench-scale/)
 * with the site's content as their docs, and measures the production server on each: first start,
 * restart, the first history page (index build), cold pages, history pages, push to live, memory,
 * and a warm page while a crawler compiles everything. The 1 GB monorepo is served over smart HTTP
 * and its first clone compared with `git clone --bare`. Prints a markdown table and writes it into
 * BENCHMARKS.md between the bench-scale markers.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { buildApp, ROOT } from "../bench/app-server";
import { describeMachine } from "../bench/machine";
import { writeReport } from "../bench/report";
import { removeTempDirs } from "../bench/temp";
import type { RepoShape } from "./fast-import-stream";
import { renderScaleReport } from "./report";
import { runCase, type CaseResult, type CaseSpec } from "./scale-case";
import { readContentFolder } from "./synthetic-repo";

const USAGE = `npm run bench:scale -- [options]
  --sizes 1000,10000,50000   commit counts of the repositories with docs and source churn
  --skip-monorepo            leave out the 1 GB monorepo (20,000 commits, served over HTTP)
  --monorepo-mb 1024         size of the monorepo's binary history, MB
  --churn-files 3000         source files besides the docs, edited by most commits
  --root-docs                docs at the repository root, no CONTENT_ROOT (servers without it)
  --timeout 120              per-request limit, s ("> 120 s" in the table)
  --budget 300               per pass of cold pages or the crawl: no new request after it, s
  --no-build                 use the app already built in build/
  --no-write                 print the table only, leave BENCHMARKS.md alone`;

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "1000,10000,50000" },
    "skip-monorepo": { type: "boolean", default: false },
    "monorepo-mb": { type: "string", default: "1024" },
    "churn-files": { type: "string", default: "3000" },
    "root-docs": { type: "boolean", default: false },
    timeout: { type: "string", default: "120" },
    budget: { type: "string", default: "300" },
    "no-build": { type: "boolean", default: false },
    "no-write": { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const positive = (name: string, raw: string) => {
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} takes positive whole numbers, got "${raw}"\n${USAGE}`);
  return value;
};
const sizes = values.sizes
  .split(",")
  .filter(Boolean)
  .map((s) => positive("sizes", s));
const contentRoot = values["root-docs"] ? "" : "docs/content";
const MONOREPO_COMMITS = 20_000;

const shape = (commits: number, binaryBytes = 0): RepoShape => ({
  commits,
  contentRoot,
  docShare: 0.04,
  mergeShare: 0.1,
  churnFiles: positive("churn-files", values["churn-files"]),
  binaryBytes,
  seed: commits,
});
const specs: CaseSpec[] = sizes.map((commits) => ({
  label: `${commits.toLocaleString("en-US")} commits`,
  shape: shape(commits),
  overHttp: false,
}));
if (!values["skip-monorepo"]) {
  const mb = positive("monorepo-mb", values["monorepo-mb"]);
  specs.push({
    label: `${mb >= 1024 ? `${mb / 1024} GB` : `${mb} MB`} monorepo of ${MONOREPO_COMMITS.toLocaleString("en-US")} commits`,
    shape: shape(MONOREPO_COMMITS, mb * 1024 ** 2),
    overHttp: true,
  });
}

if (specs.length === 0) throw new Error(`nothing to measure: no --sizes and --skip-monorepo\n${USAGE}`);

const log = (line: string) => console.error(`bench:scale: ${line}`);
const args = process.argv.slice(2).join(" ");

try {
  const machine = describeMachine();
  if (!values["no-build"]) {
    log("building the app");
    buildApp();
  }
  const content = readContentFolder(path.join(ROOT, "content"));
  const results: CaseResult[] = [];
  for (const spec of specs) {
    log(`${spec.label}`);
    const started = performance.now();
    results.push(
      await runCase(spec, content, {
        limits: { timeoutMs: positive("timeout", values.timeout) * 1000, budgetMs: positive("budget", values.budget) * 1000 },
        histories: 10,
        pushes: 3,
        crawlConcurrency: 8,
        log: (line) => log(`${spec.label}: ${line}`),
      }),
    );
    log(`${spec.label}: done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    removeTempDirs();
  }
  const report = renderScaleReport({ machine, args, results });
  console.log(report);
  if (!values["no-write"]) writeReport(report, "bench-scale");
} finally {
  removeTempDirs();
}
