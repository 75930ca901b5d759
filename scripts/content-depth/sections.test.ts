import { describe, expect, it } from "vitest";
import { pageShape, plainHeading } from "./sections";

describe("pageShape", () => {
  const cases: { name: string; source: string; title: string; sections: string[]; chars?: number }[] = [
    {
      name: "title from frontmatter, ## sections",
      source: "---\ntitle: Coins\n---\n\nIntro.\n\n## Create\n\ntext\n\n### Detail\n\n## Burn\n",
      title: "Coins",
      sections: ["Create", "Burn"],
    },
    {
      name: "headings inside code fences are not sections",
      source: "---\ntitle: T\n---\n## Real\n\n```md\n## Not a section\n```\n\n~~~\n## Nor this\n~~~\n## Also real\n",
      title: "T",
      sections: ["Real", "Also real"],
    },
    {
      name: "a longer fence is closed only by a fence at least as long",
      source: "---\ntitle: T\n---\n````md\n```ts\n## inside\n```\n````\n## After\n",
      title: "T",
      sections: ["After"],
    },
    {
      name: "a page that starts at ### has ### sections",
      source: "---\ntitle: T\n---\n### One\n#### Deep\n### Two\n",
      title: "T",
      sections: ["One", "Two"],
    },
    {
      name: "no frontmatter title: the # heading is the title, not a section",
      source: "# Hello\n\n## A\n",
      title: "Hello",
      sections: ["A"],
    },
    {
      name: "imports, exports and JSX comments are not counted",
      source: "---\ntitle: T\n---\nimport X from '@site/snippets/x.mdx';\n{/* note */}\nabc\n",
      title: "T",
      sections: [],
      chars: 3, // "abc": the emptied lines are trimmed away
    },
    {
      name: "no headings at all",
      source: "---\ntitle: T\n---\nJust text.\n",
      title: "T",
      sections: [],
      chars: 10,
    },
  ];
  it.each(cases)("$name", ({ source, title, sections, chars }) => {
    const shape = pageShape(source);
    expect(shape.title).toBe(title);
    expect(shape.sections).toEqual(sections);
    if (chars !== undefined) expect(shape.chars).toBe(chars);
  });

  it("counts the trimmed body, frontmatter excluded", () => {
    expect(pageShape("---\ntitle: T\n---\n\na  b\n\nc\n\n").chars).toBe("a  b\n\nc".length);
  });
});

describe("plainHeading", () => {
  it.each([
    ["Use `tx.object`", "Use tx.object"],
    ["Limits {#limits}", "Limits"],
    ["See [Kiosk](/standards/kiosk)", "See Kiosk"],
    ["**Bold** and _em_", "Bold and em"],
    ["<span>Tagged</span> heading", "Tagged heading"],
  ])("%s -> %s", (input, output) => {
    expect(plainHeading(input)).toBe(output);
  });
});
