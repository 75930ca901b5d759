import { describe, expect, it } from "vitest";
import { boundedDiff, diffText, MAX_DIFF_LINES, MAX_DIFF_SHOWN_CHARS, MAX_DIFF_SIDE_BYTES, type DiffHunk } from "./text-diff";

/** The hunks as one line of text each part: [-removed-] and {+added+}, unchanged text bare. */
function marked(hunks: DiffHunk[]): string[] {
  return hunks.flatMap((h) =>
    h.parts.map((p) =>
      p.kind === "same"
        ? p.text
        : p.segments.map((s) => (s.change === "del" ? `[-${s.text}-]` : s.change === "ins" ? `{+${s.text}+}` : s.text)).join(""),
    ),
  );
}

describe("diffText", () => {
  it.each([
    {
      name: "one word replaced",
      before: "Gas is paid in SUI.",
      after: "Gas is paid in MIST.",
      expected: ["Gas is paid in [-SUI-]{+MIST+}."],
    },
    {
      name: "a word added",
      before: "Objects have owners.",
      after: "Objects always have owners.",
      expected: ["Objects {+always +}have owners."],
    },
    { name: "a line added at the end", before: "a\nb", after: "a\nb\nc", expected: ["a\nb", "{+c+}"] },
    { name: "a line removed", before: "a\nb\nc", after: "a\nc", expected: ["a", "[-b-]", "c"] },
    { name: "a page created", before: "", after: "# Title\n", expected: ["{+# Title+}"] },
    {
      name: "a line rewritten beyond recognition",
      before: "alpha beta gamma",
      after: "one two three",
      expected: ["[-alpha beta gamma-]\n{+one two three+}"],
    },
  ])("$name", ({ before, after, expected }) => {
    expect(marked(diffText(before, after))).toEqual(expected);
  });

  it("is empty for equal texts", () => {
    expect(diffText("same\ntext\n", "same\ntext")).toEqual([]);
  });

  it("swapping the texts swaps the marks", () => {
    const before = "Move is a language.\nIt has modules.\n";
    const after = "Move is a safe language.\nIt has packages.\n";
    const marks = (hunks: DiffHunk[], change: "del" | "ins") =>
      hunks.flatMap((h) =>
        h.parts.flatMap((p) => (p.kind === "change" ? p.segments.filter((s) => s.change === change).map((s) => s.text) : [])),
      );
    const forward = diffText(before, after);
    const backward = diffText(after, before);
    expect(marks(forward, "ins")).toEqual(["safe ", "packages"]);
    expect(marks(backward, "del")).toEqual(marks(forward, "ins"));
    expect(marks(backward, "ins")).toEqual(marks(forward, "del"));
  });

  it("keeps three lines of context and splits distant changes into hunks", () => {
    const lines = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`);
    const changed = lines.map((l, i) => (i === 1 || i === 17 ? `${l} changed` : l));
    const hunks = diffText(lines.join("\n"), changed.join("\n"));
    expect(hunks).toHaveLength(2);
    expect(hunks.map((h) => [h.oldStart, h.newStart])).toEqual([
      [1, 1],
      [15, 15],
    ]);
    expect(marked(hunks)).toEqual([
      "line 1",
      "line 2{+ changed+}",
      "line 3\nline 4\nline 5",
      "line 15\nline 16\nline 17",
      "line 18{+ changed+}",
      "line 19\nline 20",
    ]);
  });
});

/** `count` distinct lines of about `width` characters, numbered from `from`. */
const lines = (count: number, from = 0, width = 20) =>
  Array.from({ length: count }, (_, i) => `line ${from + i} `.padEnd(width, "x")).join("\n");

describe("boundedDiff: the caps on a diff's sides and on what it shows", () => {
  it.each([
    { name: "a small change", before: "a\nb\nc", after: "a\nB\nc", refused: undefined },
    { name: "sides at the line cap", before: lines(MAX_DIFF_LINES, 0, 8), after: lines(MAX_DIFF_LINES, 0, 8), refused: undefined },
    {
      name: "a side over the line cap",
      before: "short",
      after: lines(MAX_DIFF_LINES + 1, 0, 8),
      refused: `one version has 20,001 lines; a diff compares at most 20,000`,
    },
    {
      name: "a side over the byte cap",
      before: "x".repeat(MAX_DIFF_SIDE_BYTES + 1),
      after: "short",
      refused: `one version is 1,048,577 bytes; a diff compares at most 1,048,576`,
    },
    {
      name: "every line replaced, more than a diff shows",
      before: lines(2_000, 0),
      after: lines(2_000, 5_000),
      refused: "4,000 lines changed, more than a diff shows (83,999 characters; at most 64,000)",
    },
    { name: "every line replaced, within what a diff shows", before: lines(1_000, 0), after: lines(1_000, 5_000), refused: undefined },
  ])("$name", ({ before, after, refused }) => {
    const outcome = boundedDiff(before, after);
    if (refused === undefined) expect(outcome.ok).toBe(true);
    else expect(outcome).toEqual({ ok: false, reason: refused });
  });

  it("what it shows is under the cap whenever it shows a diff", () => {
    const outcome = boundedDiff(lines(1_500, 0), lines(1_500, 5_000));
    expect(JSON.stringify(outcome).length).toBeLessThan(MAX_DIFF_SHOWN_CHARS * 1.1);
  });
});

describe("diffText within its time budget", () => {
  it("shows the blocks whole, not word by word, once the budget is spent", () => {
    expect(marked(diffText("Gas is paid in SUI.", "Gas is paid in MIST.", 0))).toEqual([
      "[-Gas is paid in SUI.-]\n{+Gas is paid in MIST.+}",
    ]);
  });
});
