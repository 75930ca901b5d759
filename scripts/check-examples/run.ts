import { extractPage, type CodeBlock, type ProseParagraph } from "./blocks";
import { readPages, readPreambles } from "./content";
import { readFacts } from "./facts";
import { CHECKS, formatFailure, type CheckName, type Failure } from "./failure";
import { checkMove } from "./move";
import { checkPins } from "./pins";
import { checkRetired } from "./retired";
import { checkShell } from "./shell";
import { checkTypeScript } from "./typescript";

export interface CheckReport {
  pages: number;
  /** Code blocks per fence language. */
  blocksPerLanguage: Record<string, number>;
  failuresPerCheck: Record<CheckName, number>;
  /** Sorted by file and line. */
  failures: Failure[];
}

/** Runs every check over the content under `root` (the project root, whose node_modules holds the pins). */
export async function checkExamples(root: string): Promise<CheckReport> {
  const facts = readFacts(root);
  const pages = readPages(root);
  const blocks: CodeBlock[] = [];
  const prose: ProseParagraph[] = [];
  const failures: Failure[] = [];
  for (const page of pages) {
    const extracted = extractPage(page);
    blocks.push(...extracted.blocks);
    prose.push(...extracted.prose);
    failures.push(...checkPins(page, extracted.blocks, facts.pins));
  }
  failures.push(...checkTypeScript(blocks, readPreambles(root), root));
  failures.push(...(await checkMove(blocks, facts.framework)));
  failures.push(...checkShell(blocks, facts.cli));
  failures.push(...checkRetired(blocks, prose, facts.retired));
  failures.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.check.localeCompare(b.check));

  const blocksPerLanguage: Record<string, number> = {};
  for (const block of blocks) blocksPerLanguage[block.lang || "(none)"] = (blocksPerLanguage[block.lang || "(none)"] ?? 0) + 1;
  const failuresPerCheck = Object.fromEntries(CHECKS.map((check) => [check, 0])) as Record<CheckName, number>;
  for (const failure of failures) failuresPerCheck[failure.check]++;
  return { pages: pages.length, blocksPerLanguage, failuresPerCheck, failures };
}

/** The summary the CLI prints: blocks per language, failures per check, then every failure. */
export function formatReport(report: CheckReport): string {
  const languages = Object.entries(report.blocksPerLanguage)
    .sort((a, b) => b[1] - a[1])
    .map(([lang, count]) => `${lang} ${count}`)
    .join(", ");
  const checks = CHECKS.map((check) => `${check} ${report.failuresPerCheck[check]}`).join(", ");
  return [
    ...report.failures.map(formatFailure),
    "",
    `${report.pages} pages; blocks: ${languages}`,
    `failures: ${checks}; total ${report.failures.length}`,
  ].join("\n");
}
