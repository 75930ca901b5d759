// The depth report: each of our pages beside its upstream counterpart, grouped by how they compare.
import type { Pairing, UpstreamGaps, UpstreamPageRef } from "./pairing";
import { missingSections } from "./pairing";
import type { PageShape } from "./sections";

/** Upstream more than this many times longer: the page is thinner than its counterpart. */
export const THINNER = 1.5;

export type Verdict = "thinner" | "comparable" | "fuller";

export interface Row {
  ours: string;
  theirs: string;
  how: "mapped" | "matched";
  ourShape: PageShape;
  theirShape: PageShape;
  /** Their characters over ours. */
  ratio: number;
  verdict: Verdict;
  lacking: string[];
  /** The mapping's caveat about this pairing. */
  note?: string;
}

export function verdictOf(ratio: number): Verdict {
  if (ratio > THINNER) return "thinner";
  if (ratio < 1 / THINNER) return "fuller";
  return "comparable";
}

export function buildRows(pairings: Pairing[], ours: Map<string, PageShape>, theirs: Map<string, PageShape>): Row[] {
  const rows: Row[] = [];
  for (const pairing of pairings) {
    if (pairing.kind === "none") continue;
    const ourShape = ours.get(pairing.ours);
    const theirShape = theirs.get(pairing.theirs);
    if (!ourShape || !theirShape) continue;
    const ratio = Math.round((theirShape.chars / Math.max(1, ourShape.chars)) * 100) / 100;
    rows.push({
      ours: pairing.ours,
      theirs: pairing.theirs,
      how: pairing.kind,
      ourShape,
      theirShape,
      ratio,
      verdict: verdictOf(ratio),
      lacking: missingSections(ourShape.sections, theirShape.sections),
      ...(pairing.note ? { note: pairing.note } : {}),
    });
  }
  return rows;
}

export interface ReportInput {
  source: string;
  rows: Row[];
  unpaired: { ours: string; reason: string }[];
  /** Per upstream route, a caveat printed under the row. */
  notes?: Record<string, string>;
  /** The upstream pages no page of ours pairs with. */
  gaps?: UpstreamGaps;
}

export function renderReport({ source, rows, unpaired, notes = {}, gaps }: ReportInput): string {
  const count = (verdict: Verdict) => rows.filter((row) => row.verdict === verdict).length;
  const lines: string[] = [
    "# Depth of our pages against docs.sui.io",
    "",
    "Written by `npm run content:depth` (scripts/content-depth). Do not edit by hand:",
    "run it again after changing pages.",
    "",
    ...wrap(`Upstream: ${source}.`, ""),
    "",
    "Characters count the page body (frontmatter, imports and comments left out);",
    "sections are the top-level headings. Ratio is their characters over ours:",
    `above ${THINNER} our page is thinner, below ${Math.round((1 / THINNER) * 100) / 100} it is fuller.`,
    "",
    "## Summary",
    "",
    `- pages compared: ${rows.length}`,
    `- fuller: ${count("fuller")}`,
    `- comparable: ${count("comparable")}`,
    `- thinner: ${count("thinner")}`,
    `- without a counterpart: ${unpaired.length}`,
    ...(gaps ? gapSummary(gaps) : []),
    "",
  ];
  const groups: [Verdict, string][] = [
    ["thinner", "Thinner (worst first)"],
    ["comparable", "Comparable"],
    ["fuller", "Fuller"],
  ];
  for (const [verdict, heading] of groups) {
    const group = rows.filter((row) => row.verdict === verdict).sort((a, b) => b.ratio - a.ratio || a.ours.localeCompare(b.ours));
    lines.push(`## ${heading}`, "");
    if (group.length === 0) lines.push("None.", "");
    for (const row of group) lines.push(...renderRow(row, notes[row.theirs]), "");
  }
  lines.push("## Without a counterpart", "");
  if (unpaired.length === 0) lines.push("None.", "");
  for (const page of [...unpaired].sort((a, b) => a.ours.localeCompare(b.ours))) {
    lines.push(...wrap(`- \`${page.ours}\`: ${page.reason}`, "  "));
  }
  if (gaps) lines.push("", ...renderGaps(gaps));
  return `${lines.join("\n").trimEnd()}\n`;
}

function gapSummary({ lacking, covered, leftOut }: UpstreamGaps): string[] {
  const chars = lacking.reduce((sum, page) => sum + page.chars, 0);
  return [
    `- upstream pages no page of ours covers: ${lacking.length} (${format(chars)} chars)`,
    `- upstream pages covered inside one of ours: ${covered.length}`,
    `- upstream pages left out on purpose: ${leftOut.length}`,
  ];
}

function renderGaps({ lacking, covered, leftOut }: UpstreamGaps): string[] {
  const lines = [
    "## Upstream pages no page of ours covers",
    "",
    "No page of ours pairs with these, by route, by title or by mapping.json; longest first.",
    "The pages after them are accounted for in mapping.json's `upstream`.",
    "",
  ];
  if (lacking.length === 0) lines.push("None.");
  else {
    lines.push("By area (the first two segments of the route), most characters first:", "");
    // A list, not a table: Prettier pads a table's columns to its widest cell.
    for (const area of gapsByArea(lacking)) lines.push(`- \`${area.area}\`: ${area.pages} pages, ${format(area.chars)} chars`);
    lines.push("");
  }
  for (const page of lacking) lines.push(...wrap(`- \`${page.route}\` (${page.title}): ${format(page.chars)} chars`, "  "));
  lines.push("", "### Covered inside one of ours", "");
  if (covered.length === 0) lines.push("None.");
  for (const page of covered) lines.push(...wrap(`- \`${page.route}\` in \`${page.in}\`: ${page.note}`, "  "));
  lines.push("", "### Left out on purpose", "");
  if (leftOut.length === 0) lines.push("None.");
  for (const page of leftOut) lines.push(...wrap(`- \`${page.route}\`: ${page.reason}`, "  "));
  return lines;
}

/** The gap summed per area (a route's first two segments), most characters first. */
export function gapsByArea(pages: UpstreamPageRef[]): { area: string; pages: number; chars: number }[] {
  const areas = new Map<string, { area: string; pages: number; chars: number }>();
  for (const page of pages) {
    const area = page.route.split("/").slice(0, 2).join("/") || "(root)";
    const entry = areas.get(area) ?? { area, pages: 0, chars: 0 };
    entry.pages++;
    entry.chars += page.chars;
    areas.set(area, entry);
  }
  return [...areas.values()].sort((a, b) => b.chars - a.chars || a.area.localeCompare(b.area));
}

function renderRow(row: Row, note: string | undefined): string[] {
  const lines = [
    `### ${row.ours}`,
    "",
    `- ours: ${format(row.ourShape.chars)} chars, ${row.ourShape.sections.length} sections`,
    `- theirs: \`${row.theirs}\`${row.how === "mapped" ? " (mapped)" : ""},`,
    `  ${format(row.theirShape.chars)} chars, ${row.theirShape.sections.length} sections`,
    `- ratio: ${row.ratio}`,
  ];
  if (row.lacking.length > 0) {
    lines.push("- their sections we lack:");
    for (const section of row.lacking) lines.push(`  - ${section}`);
  }
  if (row.note) lines.push(...wrap(`- pairing: ${row.note}`, "  "));
  if (note) lines.push(...wrap(`- note: ${note}`, "  "));
  return lines;
}

/** Keeps the report's lines narrow: breaks `text` at spaces before WIDTH, indenting what follows. */
export function wrap(text: string, indent: string, width = 96): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = indent + word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

function format(value: number): string {
  return value.toLocaleString("en-US");
}
