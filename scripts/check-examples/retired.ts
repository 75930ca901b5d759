import type { CodeBlock, ProseParagraph } from "./blocks";
import type { RetiredFact } from "./facts";
import type { Failure } from "./failure";

/** A paragraph that says a thing is retired may name it; that is how readers learn what replaced it. */
const EXPLAINS_RETIREMENT = /\b(?:deprecated|retired|removed|replaced|replaces|legacy|no longer|superseded|migrat\w*|formerly)\b/i;

/** Inline code and link targets of prose stay in; JSX/HTML comments are not prose a reader sees. */
function visibleProse(text: string): string {
  return text.replace(/\{\/\*[\s\S]*?\*\/\}|<!--[\s\S]*?-->/g, "");
}

/**
 * Retired facts must not appear in code at all, and in prose only in a paragraph that explains
 * the retirement (it contains a word such as "deprecated", "removed", "replaced", "legacy") or
 * on a page the fact allow-lists (migration guides).
 */
export function checkRetired(blocks: CodeBlock[], prose: ProseParagraph[], retired: RetiredFact[]): Failure[] {
  const failures: Failure[] = [];
  const compiled = retired.map((fact) => ({ fact, regex: new RegExp(fact.pattern, "g") }));
  for (const block of blocks) {
    const lines = block.code.split("\n");
    for (const { fact, regex } of compiled) {
      if (fact.langs && !fact.langs.includes(block.lang)) continue;
      lines.forEach((line, row) => {
        regex.lastIndex = 0;
        const match = regex.exec(line);
        if (match) failures.push({ check: "retired", file: block.file, line: block.line + row, reason: describe(fact, match[0]) });
      });
    }
  }
  for (const paragraph of prose) {
    const text = visibleProse(paragraph.text);
    for (const { fact, regex } of compiled) {
      if (!fact.prose || fact.allowedOn?.includes(paragraph.file) || EXPLAINS_RETIREMENT.test(text)) continue;
      regex.lastIndex = 0;
      const match = regex.exec(text);
      if (!match) continue;
      const row = text.slice(0, match.index).split("\n").length - 1;
      failures.push({
        check: "retired",
        file: paragraph.file,
        line: paragraph.line + row,
        reason: `${describe(fact, match[0])} (prose may name it only while saying it is retired)`,
      });
    }
  }
  return failures;
}

function describe(fact: RetiredFact, found: string): string {
  return `"${found}" is retired: ${fact.reason}; use ${fact.replacement}`;
}
