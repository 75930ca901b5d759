import { diffWordsWithSpace, structuredPatch } from "diff";
import { MAX_PAGE_SOURCE_BYTES, utf8Bytes } from "../content/source-size";

/** A run of text: unchanged, removed (`del`) or added (`ins`). */
export interface Segment {
  text: string;
  change?: "del" | "ins";
}

/** Unchanged lines around a change, or a change: the removed and added lines marked word by word. */
export type DiffPart = { kind: "same"; text: string } | { kind: "change"; segments: Segment[] };

export interface DiffHunk {
  /** 1-based first line of the hunk in the old and the new text. */
  oldStart: number;
  newStart: number;
  parts: DiffPart[];
}

/** Lines of context kept around each change. */
const CONTEXT = 3;
/**
 * Milliseconds one diff may spend, lines then words, before it gives up: a block, or the whole
 * page, is then shown as removed and added. Diffs are cached per commit pair, but readers choose
 * the pairs, so each one's cost must be bounded. Two very different sides of 2,000 lines take 1.5 s.
 */
const BUDGET_MS = 2_000;
/** Milliseconds the word marking of one block may take (within the budget). */
const WORD_TIMEOUT_MS = 100;

/** Lines a side may have: a line diff's cost grows with its lines times its changes. */
export const MAX_DIFF_LINES = 20_000;
/** Bytes a side may have: a page's cap (its clean Markdown is no larger than its source). */
export const MAX_DIFF_SIDE_BYTES = MAX_PAGE_SOURCE_BYTES;
/**
 * Characters a diff may show, changes and context: about 1,500 lines. A diff is weighed at about
 * twice that in the 0.5 MB diff cache, so every diff shown can be kept; a larger one is refused,
 * and the refusal is what is kept.
 */
export const MAX_DIFF_SHOWN_CHARS = 64_000;

/** A diff, or why it is not shown (the sides or the changes are too large): a sentence to follow "the page changed too much to show a diff:". */
export type DiffOutcome = { ok: true; hunks: DiffHunk[] } | { ok: false; reason: string };

/** diffText within the caps on its input (lines and bytes a side) and its output (characters shown). */
export function boundedDiff(before: string, after: string): DiffOutcome {
  for (const side of [before, after]) {
    const bytes = utf8Bytes(side);
    if (bytes > MAX_DIFF_SIDE_BYTES)
      return { ok: false, reason: `one version is ${grouped(bytes)} bytes; a diff compares at most ${grouped(MAX_DIFF_SIDE_BYTES)}` };
    const lines = lineCount(side);
    if (lines > MAX_DIFF_LINES)
      return { ok: false, reason: `one version has ${grouped(lines)} lines; a diff compares at most ${grouped(MAX_DIFF_LINES)}` };
  }
  const hunks = diffText(before, after);
  const shown = shownChars(hunks);
  if (shown <= MAX_DIFF_SHOWN_CHARS) return { ok: true, hunks };
  return {
    ok: false,
    reason: `${grouped(changedLines(hunks))} lines changed, more than a diff shows (${grouped(shown)} characters; at most ${grouped(MAX_DIFF_SHOWN_CHARS)})`,
  };
}
/**
 * Below this share of unchanged characters, a word-level diff of a block is confetti: the block is
 * shown as its old lines removed and its new lines added instead.
 */
const MIN_SHARED = 0.3;

/**
 * What changed between two texts, in hunks of lines with context, each changed block marked word
 * by word. Swapping the texts swaps every `del` and `ins`; unchanged text is never marked.
 */
export function diffText(before: string, after: string, budgetMs = BUDGET_MS): DiffHunk[] {
  const deadline = Date.now() + budgetMs;
  const remaining = () => deadline - Date.now();
  const patch = structuredPatch("before", "after", withNewline(before), withNewline(after), "", "", {
    context: CONTEXT,
    timeout: Math.max(1, remaining()),
  });
  if (!patch)
    return before === after ? [] : [{ oldStart: 1, newStart: 1, parts: [{ kind: "change", segments: markWords([before], [after], 0) }] }];
  return patch.hunks.map((hunk) => {
    const parts: DiffPart[] = [];
    let removed: string[] = [];
    let added: string[] = [];
    const flush = () => {
      if (removed.length || added.length)
        parts.push({ kind: "change", segments: markWords(removed, added, Math.min(WORD_TIMEOUT_MS, remaining())) });
      removed = [];
      added = [];
    };
    for (const line of hunk.lines) {
      const mark = line[0];
      const text = line.slice(1);
      if (mark === "-") removed.push(text);
      else if (mark === "+") added.push(text);
      else if (mark === " ") {
        flush();
        const last = parts.at(-1);
        if (last?.kind === "same") last.text += `\n${text}`;
        else parts.push({ kind: "same", text });
      }
      // "\ No newline at end of file" cannot occur: both texts end with one.
    }
    flush();
    return { oldStart: hunk.oldStart, newStart: hunk.newStart, parts };
  });
}

/** The segments of a changed block, marked word by word within `timeoutMs` (0: not by word). */
function markWords(removed: string[], added: string[], timeoutMs: number): Segment[] {
  const before = removed.join("\n");
  const after = added.join("\n");
  if (!before) return [{ text: after, change: "ins" }];
  if (!after) return [{ text: before, change: "del" }];
  const changes = timeoutMs > 0 ? diffWordsWithSpace(before, after, { timeout: timeoutMs }) : undefined;
  const shared = changes?.filter((c) => !c.added && !c.removed).reduce((sum, c) => sum + c.value.length, 0) ?? 0;
  if (!changes || shared / Math.max(before.length, after.length) < MIN_SHARED) {
    return [{ text: before, change: "del" }, { text: "\n" }, { text: after, change: "ins" }];
  }
  return changes.map((c) =>
    c.added ? { text: c.value, change: "ins" } : c.removed ? { text: c.value, change: "del" } : { text: c.value },
  );
}

function withNewline(text: string): string {
  return text.endsWith("\n") || text === "" ? text : `${text}\n`;
}

/** Characters a diff shows: its context and its changes. */
function shownChars(hunks: DiffHunk[]): number {
  let chars = 0;
  for (const hunk of hunks)
    for (const part of hunk.parts)
      chars += part.kind === "same" ? part.text.length : part.segments.reduce((sum, s) => sum + s.text.length, 0);
  return chars;
}

/**
 * Lines removed and added: a changed block's old text is its segments but the added ones, its new
 * text its segments but the removed ones (less the line break markWords puts between whole blocks).
 */
function changedLines(hunks: DiffHunk[]): number {
  let lines = 0;
  for (const hunk of hunks)
    for (const part of hunk.parts) {
      if (part.kind === "same") continue;
      const side = (left: "del" | "ins") =>
        part.segments
          .filter((s) => s.change !== left)
          .map((s) => s.text)
          .join("")
          .replace(/^\n|\n$/g, "");
      lines += lineCount(side("ins")) + lineCount(side("del"));
    }
  return lines;
}

function lineCount(text: string): number {
  if (!text) return 0;
  let lines = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < text.length - 1; i = text.indexOf("\n", i + 1)) lines++;
  return lines;
}

const grouped = (n: number) => n.toLocaleString("en-US");
