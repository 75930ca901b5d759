import { describe, expect, it } from "vitest";
import { diffText, type DiffHunk } from "./text-diff";

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
