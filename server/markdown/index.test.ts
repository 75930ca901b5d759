import { describe, expect, it } from "vitest";
import { PageProblems } from "../mdx/problems";
import { toCleanMarkdown } from "./index";

const page = (body: string) => `---\nid: guides/x\ntitle: Title\ndescription: What it is.\n---\n\n${body}`;
const clean = (source: string, files: Record<string, string> = {}) => toCleanMarkdown({ path: "docs/guides/x.mdx", source, files });
/** The body only, without the title and description lines. */
const body = (source: string, files?: Record<string, string>) => clean(page(source), files).replace("# Title\n\n> What it is.\n\n", "");

describe("toCleanMarkdown", () => {
  it("starts with the frontmatter's title and description, not the frontmatter itself", () => {
    expect(clean(page("Hello."))).toBe("# Title\n\n> What it is.\n\nHello.\n");
  });

  it("takes the header from the caller when given (generated pages have no frontmatter), with the URL", () => {
    expect(
      toCleanMarkdown(
        { path: "generated/x.mdx", source: "Body.", files: {} },
        { title: "Ref", description: "All of it.", url: "https://docs.example/ref" },
      ),
    ).toBe("# Ref\n\n> All of it.\n\nSource: <https://docs.example/ref>\n\nBody.\n");
  });

  it.each([
    [
      "math stays TeX between dollars, braces included",
      "Fee is $u \\times p_{x}$ MIST.\n\n$$\nx^{2}\n$$",
      "Fee is $u \\times p_{x}$ MIST.\n\n$$\nx^{2}\n$$\n",
    ],
    [
      "an npm2yarn fence becomes one section per package manager",
      "```sh npm2yarn\nnpm install @mysten/sui@2.33.1\n```",
      [
        "**npm**",
        "",
        "```sh",
        "npm install @mysten/sui@2.33.1",
        "```",
        "",
        "**pnpm**",
        "",
        "```sh",
        "pnpm add @mysten/sui@2.33.1",
        "```",
        "",
        "**yarn**",
        "",
        "```sh",
        "yarn add @mysten/sui@2.33.1",
        "```",
        "",
      ].join("\n"),
    ],
    ["a :::tip directive becomes a labelled blockquote", ":::tip\nUse it.\n:::", "> **Tip:** Use it.\n"],
    ["a titled directive keeps its title on the label line", ":::caution[Gas]\nCosts SUI.\n:::", "> **Caution: Gas**\n>\n> Costs SUI.\n"],
    ["a :::warning is a caution, as on the page", ":::warning\nCareful.\n:::", "> **Caution:** Careful.\n"],
    [
      "<Admonition> reads the same as the directive",
      '<Admonition type="danger" title="Lost keys">\nGone for good.\n</Admonition>',
      "> **Danger: Lost keys**\n>\n> Gone for good.\n",
    ],
    [
      "an admonition starting with a list gets its label on a line of its own",
      ":::note\n- one\n- two\n:::",
      "> **Note:**\n>\n> - one\n> - two\n",
    ],
    [
      "tabs become sections headed by their labels",
      [
        '<Tabs groupId="lang">',
        '<TabItem value="ts" label="TypeScript">',
        "",
        "Run it.",
        "",
        "</TabItem>",
        '<TabItem value="cli">',
        "",
        "```sh",
        "sui client gas",
        "```",
        "",
        "</TabItem>",
        "</Tabs>",
      ].join("\n"),
      "**TypeScript**\n\nRun it.\n\n**cli**\n\n```sh\nsui client gas\n```\n",
    ],
    [
      "cards become a list of links with their descriptions",
      [
        "<Cards>",
        '  <Card title="Install" href="/guides/install">Get the `sui` CLI.</Card>',
        '  <Card title="Move" href="/concepts/move">',
        "    The language.",
        "  </Card>",
        "</Cards>",
      ].join("\n"),
      "- [Install](/guides/install): Get the `sui` CLI.\n- [Move](/concepts/move): The language.\n",
    ],
    ["cards written on one line are still a list", '<Cards><Card title="A" href="/a">One.</Card></Cards>', "- [A](/a): One.\n"],
    ["a card without a link shows its title in bold", '<Cards>\n<Card title="Soon">Later.</Card>\n</Cards>', "- **Soon**: Later.\n"],
    ["steps keep their ordered list", "<Steps>\n\n1. First.\n2. Second.\n\n</Steps>", "1. First.\n2. Second.\n"],
    ["a badge becomes its text", 'Status: <Badge tone="warning">deprecated</Badge> now.', "Status: deprecated now.\n"],
    ["a badge on a line of its own becomes a paragraph", '<Badge tone="warning">deprecated</Badge>\n\nNext.', "deprecated\n\nNext.\n"],
    ["imports, exports and comments go", "import A from '@site/snippets/missing.mdx';\n\n{/* note */}\n\nText.", "Text.\n"],
    ["a paragraph left empty goes too", "First.\n\n{/* only a comment */} <A />\n\nLast.", "First.\n\nLast.\n"],
    [
      "code blocks are kept as written, JSX and imports included",
      "```tsx title=\"a.tsx\" {2}\nimport x from 'y';\n<Tabs>{x}</Tabs>\n```",
      "```tsx title=\"a.tsx\" {2}\nimport x from 'y';\n<Tabs>{x}</Tabs>\n```\n",
    ],
    [
      "HTML becomes its Markdown equivalent",
      'Press <kbd>Ctrl</kbd> and <a href="/x">go</a>.<br />Then <strong>stop</strong>.',
      "Press `Ctrl` and [go](/x).\\\nThen **stop**.\n",
    ],
    [
      "details become a bold summary and the content",
      "<details>\n<summary>More</summary>\n\nHidden text.\n\n</details>",
      "**More**\n\nHidden text.\n",
    ],
    ["an image element becomes a Markdown image", '<img src="/static/a.png" alt="A diagram" />', "![A diagram](/static/a.png)\n"],
    [
      "an HTML table becomes a Markdown table",
      "<table>\n<tr><th>Name</th><th>Type</th></tr>\n<tr><td>id</td><td>`UID`</td></tr>\n</table>",
      "| Name | Type |\n| - | - |\n| id | `UID` |\n",
    ],
    ["escaped braces and angle brackets are plain text", "Write \\{x\\} and `<T>`.", "Write {x} and `<T>`.\n"],
    ["GFM tables stay tables", "| a | b |\n|---|---|\n| 1 | 2 |", "| a | b |\n| - | - |\n| 1 | 2 |\n"],
  ])("%s", (_name, source, expected) => {
    expect(body(source)).toBe(expected);
  });

  describe("snippets", () => {
    const files = {
      "snippets/intro.mdx":
        "---\nid: snippets/intro\ntitle: Intro\ndescription: d\n---\n\nSnippet text with a :::note inside?\n\n:::note\nInside.\n:::\n",
      "snippets/outer.mdx": "import Inner from './inner.mdx';\n\nOuter.\n\n<Inner />\n",
      "snippets/inner.mdx": "Inner text.\n",
      "snippets/loop.mdx": "import Loop from '@site/snippets/loop.mdx';\n\nLoop text.\n\n<Loop />\n",
      "snippets/word.mdx": "a word\n",
    };
    it.each([
      [
        "are inlined where used, without their frontmatter",
        "import Intro from '@site/snippets/intro.mdx';\n\nBefore.\n\n<Intro />\n\nAfter.",
        "Before.\n\nSnippet text with a :::note inside?\n\n> **Note:** Inside.\n\nAfter.\n",
      ],
      [
        "are inlined recursively, relative imports resolved from the snippet",
        "import Outer from '@site/snippets/outer';\n\n<Outer />",
        "Outer.\n\nInner text.\n",
      ],
      ["that import themselves stop instead of looping", "import Loop from '@site/snippets/loop.mdx';\n\n<Loop />", "Loop text.\n"],
      ["used inside a line join the line", "import Word from '@site/snippets/word.mdx';\n\nSay <Word /> here.", "Say a word here.\n"],
      ["that do not exist are left out", "import Gone from '@site/snippets/gone.mdx';\n\nText.\n\n<Gone />", "Text.\n"],
    ])("%s", (_name, source, expected) => {
      expect(body(source, files)).toBe(expected);
    });
  });

  it("names the file, line and column of MDX that does not parse", () => {
    expect(() => clean(page("Text <Unclosed"))).toThrow(PageProblems);
    expect(() => clean(page("Text <Unclosed"))).toThrow(/docs\/guides\/x\.mdx:\d+:\d+/);
  });
});
