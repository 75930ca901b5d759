import { diffWordsWithSpace, structuredPatch } from "diff";

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
 * Milliseconds a diff may take on the request thread before it gives up: a block, or the whole
 * page, is then shown as removed and added. Diffs are cached per commit pair, but readers choose
 * the pairs, so each one's cost must be bounded.
 */
const TIMEOUT_MS = 100;
/**
 * Below this share of unchanged characters, a word-level diff of a block is confetti: the block is
 * shown as its old lines removed and its new lines added instead.
 */
const MIN_SHARED = 0.3;

/**
 * What changed between two texts, in hunks of lines with context, each changed block marked word
 * by word. Swapping the texts swaps every `del` and `ins`; unchanged text is never marked.
 */
export function diffText(before: string, after: string): DiffHunk[] {
  const patch = structuredPatch("before", "after", withNewline(before), withNewline(after), "", "", {
    context: CONTEXT,
    timeout: TIMEOUT_MS,
  });
  if (!patch)
    return before === after
      ? []
      : [{ oldStart: 1, newStart: 1, parts: [{ kind: "change", segments: markWords([before], [after], false) }] }];
  return patch.hunks.map((hunk) => {
    const parts: DiffPart[] = [];
    let removed: string[] = [];
    let added: string[] = [];
    const flush = () => {
      if (removed.length || added.length) parts.push({ kind: "change", segments: markWords(removed, added) });
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

function markWords(removed: string[], added: string[], byWord = true): Segment[] {
  const before = removed.join("\n");
  const after = added.join("\n");
  if (!before) return [{ text: after, change: "ins" }];
  if (!after) return [{ text: before, change: "del" }];
  const changes = byWord ? diffWordsWithSpace(before, after, { timeout: TIMEOUT_MS }) : undefined;
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
