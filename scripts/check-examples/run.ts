import { extractPage, type CodeBlock, type ProseParagraph } from "./blocks";
import { readPages, readPreambles } from "./content";
import { checkExampleFiles, EXAMPLES_DIR, exampleMoveBlocks, readExamplePackages } from "./example-packages";
import { readFacts } from "./facts";
import { CHECKS, formatFailure, type CheckName, type Failure } from "./failure";
import { checkMove } from "./move";
import { checkPins, readVerifiedWith } from "./pins";
import { checkRetired } from "./retired";
import { checkShell } from "./shell";
import { checkTypeScript } from "./typescript";

export interface CheckReport {
  pages: number;
  /** Code blocks per fence language. */
  blocksPerLanguage: Record<string, number>;
  /** Code blocks with at least one failure, per fence language. */
  failingBlocksPerLanguage: Record<string, number>;
  failuresPerCheck: Record<CheckName, number>;
  /** Sorted by file and line. */
  failures: Failure[];
}

/**
 * Runs every check over the content of `contentRoot` (a checkout holding content/), with the
 * facts, preambles' packages and pinned node_modules of `root`, the project.
 */
export async function checkExamples(root: string, contentRoot = root): Promise<CheckReport> {
  const facts = readFacts(root);
  const pages = readPages(contentRoot);
  const blocks: CodeBlock[] = [];
  const prose: ProseParagraph[] = [];
  const failures: Failure[] = [];
  // The sui version each page declares: framework functions newer than the pin need a page that declares their release.
  const declaredSui = new Map<string, string>();
  for (const page of pages) {
    const extracted = extractPage(page);
    blocks.push(...extracted.blocks);
    prose.push(...extracted.prose);
    failures.push(...checkPins(page, extracted.blocks, facts.pins, facts.suiReleases));
    const verifiedWith = readVerifiedWith(page.source);
    const sui = verifiedWith.ok ? verifiedWith.value.get("sui") : undefined;
    if (sui) declaredSui.set(page.file, sui);
  }
  const examples = readExamplePackages(contentRoot);
  failures.push(...checkExampleFiles(blocks, examples));
  // The example packages' own Move files are checked at the pin, like a page that declares it.
  const exampleBlocks = exampleMoveBlocks(examples);
  const suiOf = (file: string) => declaredSui.get(file) ?? (file.startsWith(`${EXAMPLES_DIR}/`) ? facts.pins.sui : undefined);
  failures.push(...checkTypeScript(blocks, readPreambles(contentRoot), root));
  failures.push(...(await checkMove([...blocks, ...exampleBlocks], facts.framework, suiOf)));
  failures.push(...checkShell(blocks, facts.cli, facts.framework, suiOf));
  failures.push(...checkRetired(blocks, prose, facts.retired));
  failures.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.check.localeCompare(b.check));

  const blocksPerLanguage: Record<string, number> = {};
  const failingBlocksPerLanguage: Record<string, number> = {};
  const failed = new Set(failures.map((failure) => `${failure.file}:${failure.line}`));
  for (const block of blocks) {
    const lang = block.lang || "(none)";
    blocksPerLanguage[lang] = (blocksPerLanguage[lang] ?? 0) + 1;
    const rows = block.code.split("\n").length;
    let failing = false;
    for (let line = block.fenceLine; line <= block.line + rows && !failing; line++) failing = failed.has(`${block.file}:${line}`);
    if (failing) failingBlocksPerLanguage[lang] = (failingBlocksPerLanguage[lang] ?? 0) + 1;
  }
  const failuresPerCheck = Object.fromEntries(CHECKS.map((check) => [check, 0])) as Record<CheckName, number>;
  for (const failure of failures) failuresPerCheck[failure.check]++;
  return { pages: pages.length, blocksPerLanguage, failingBlocksPerLanguage, failuresPerCheck, failures };
}

/** The summary the CLI prints: blocks per language, failures per check, then every failure. */
export function formatReport(report: CheckReport): string {
  const languages = Object.entries(report.blocksPerLanguage)
    .sort((a, b) => b[1] - a[1])
    .map(
      ([lang, count]) =>
        `${lang} ${count}${report.failingBlocksPerLanguage[lang] ? ` (${report.failingBlocksPerLanguage[lang]} failing)` : ""}`,
    )
    .join(", ");
  const checks = CHECKS.map((check) => `${check} ${report.failuresPerCheck[check]}`).join(", ");
  return [
    ...report.failures.map(formatFailure),
    "",
    `${report.pages} pages; blocks: ${languages}`,
    `failures: ${checks}; total ${report.failures.length}`,
  ].join("\n");
}
