// `npm run content:depth -- <upstream docs/content> [--out <file>]`: compares each of our pages with
// its counterpart in the Sui monorepo's docs/content and writes the report (doc/content-depth.md by
// default). The folder can also come from SUI_DOCS_CONTENT. `--digest <file>` reads the upstream
// pages' shapes from a digest instead (what `--write-digest <file>` writes from a folder), for when
// the folder itself cannot be had; the report names which one it used.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readDigest, readOurPages, readUpstreamFolder, writeDigest, type Digest } from "./pages";
import { pairPages, upstreamGaps, type Mapping, type UpstreamMapping } from "./pairing";
import { buildRows, renderReport } from "./report";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const positional = args.filter((arg, index) => !arg.startsWith("--") && !args[index - 1]?.startsWith("--"));
const folder = positional[0] ?? process.env.SUI_DOCS_CONTENT;
const digestFile = option("--digest");
const out = path.resolve(root, option("--out") ?? "doc/content-depth.md");

let upstream: Digest;
if (folder) upstream = readUpstreamFolder(path.resolve(folder));
else if (digestFile) upstream = readDigest(path.resolve(digestFile));
else {
  console.error("usage: npm run content:depth -- <upstream docs/content folder> [--out file] | --digest <file>");
  console.error("(or set SUI_DOCS_CONTENT to the folder)");
  process.exit(2);
}

const toDigest = option("--write-digest");
if (toDigest) {
  writeDigest(path.resolve(toDigest), upstream);
  console.log(`wrote ${upstream.pages.length} upstream pages to ${toDigest}`);
}

const mappingFile = JSON.parse(readFileSync(path.join(root, "scripts/content-depth/mapping.json"), "utf8")) as {
  pages: Mapping;
  upstream?: UpstreamMapping;
};
const mapping = mappingFile.pages;
const ours = readOurPages(path.join(root, "content/docs"));
const theirs = new Map(upstream.pages.map((page) => [page.route, page]));
const pairings = pairPages(
  [...ours].map(([route, shape]) => ({ route, title: shape.title })),
  upstream.pages.map((page) => ({ route: page.route, title: page.title })),
  mapping,
  { guess: !upstream.partial },
);
const rows = buildRows(pairings, ours, theirs);
const unpaired = pairings.flatMap((pairing) => (pairing.kind === "none" ? [{ ours: pairing.ours, reason: pairing.reason }] : []));
const gaps = upstreamGaps(upstream.pages, pairings, mappingFile.upstream ?? {}, new Set(ours.keys()));
writeFileSync(out, renderReport({ source: upstream.source, rows, unpaired, notes: upstream.notes ?? {}, gaps }));
const count = (verdict: string) => rows.filter((row) => row.verdict === verdict).length;
console.log(
  `${path.relative(root, out)}: ${rows.length} pages compared; ` +
    `fuller ${count("fuller")}, comparable ${count("comparable")}, thinner ${count("thinner")}; ${unpaired.length} without a counterpart; ` +
    `${gaps.lacking.length} upstream pages no page of ours covers`,
);
