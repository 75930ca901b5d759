import { describe, expect, it } from "vitest";
import type { PageMeta } from "../content/catalogue";
import type { SidebarItem } from "../content/sidebars";
import { llmsFullText, readingOrder } from "./llms-full";

const meta = (id: string): PageMeta => ({
  id,
  title: id,
  description: `About ${id}.`,
  aliases: [],
  sourcePath: `docs/${id}.mdx`,
  kind: "mdx",
});
const link = (id: string): SidebarItem => ({ type: "link", label: id, href: `/${id}`, docId: id });
const category = (id: string | undefined, items: SidebarItem[]): SidebarItem => ({
  type: "category",
  label: id ?? "group",
  ...(id ? { href: `/${id}`, docId: id } : {}),
  collapsed: true,
  collapsible: true,
  items,
});

describe("readingOrder", () => {
  const ids = ["references", "guides", "guides/a", "guides/b", "concepts", "orphan", "snippets/s", "external-only"];
  const catalogue = { pages: new Map(ids.map((id) => [id, meta(id)])), aliases: new Map(), problems: [] };

  it("walks the sidebars in their order, depth first, then the pages no sidebar lists, without snippets", () => {
    const sidebars = new Map([
      ["referencesSidebar", [link("references")]],
      [
        "guidesSidebar",
        [
          category("guides", [link("guides/b"), category(undefined, [link("guides/a")])]),
          { type: "link", label: "Out", href: "https://sui.io" },
        ],
      ],
      ["conceptsSidebar", [link("concepts"), link("guides/a")]],
    ]) as never;
    expect(readingOrder({ catalogue, sidebars } as never).map((p) => p.id)).toEqual([
      "guides",
      "guides/b",
      "guides/a",
      "concepts",
      "references",
      "external-only",
      "orphan",
    ]);
  });
});

describe("llmsFullText", () => {
  const pages = ["a", "b", "c"].map(meta);
  const sections = (sizes: number[]) => pages.map((page, i) => ({ page, markdown: `# ${page.id}\n\n${"x".repeat(sizes[i]!)}\n` }));

  it("holds every page in order when they fit, without a closing note", () => {
    const text = llmsFullText(pages, sections([10, 10, 10]), 64 * 1024, "https://docs.example");
    expect(text.indexOf("# a\n")).toBeLessThan(text.indexOf("# b\n"));
    expect(text.indexOf("# b\n")).toBeLessThan(text.indexOf("# c\n"));
    expect(text).not.toContain("Pages not in this file");
  });

  it.each([
    ["stops at the byte bound and names what it left out", [10, 3000, 10], ["a"], 2],
    ["holds every page that fits", [10, 10, 10], ["a", "b", "c"], 0],
  ])("%s", (_name, sizes, included, left) => {
    const text = llmsFullText(pages, sections(sizes), 4096, "https://docs.example");
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(4096);
    for (const id of ["a", "b", "c"]) expect(text.includes(`# ${id}\n`)).toBe(included.includes(id));
    if (left)
      expect(text).toContain(
        `${left} of 3 pages did not fit in this file's limit of 4 KB or could not be converted. Each is at its URL with .md ` +
          `appended (for example https://docs.example/b.md)`,
      );
  });

  it("counts UTF-8 bytes, not characters", () => {
    const wide = pages.map((page) => ({ page, markdown: `# ${page.id}\n\n${"é".repeat(1000)}\n` }));
    const text = llmsFullText(pages, wide, 4096, "https://docs.example");
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(4096);
    // Counted in characters, a and b would both fit.
    expect(text).toContain("# a\n");
    expect(text).not.toContain("# b\n");
  });

  it("leaves out a page that did not convert and says so", () => {
    const text = llmsFullText(
      pages,
      [
        { page: pages[0]!, markdown: "# a\n" },
        { page: pages[1]!, markdown: undefined },
        { page: pages[2]!, markdown: "# c\n" },
      ],
      64 * 1024,
      "https://docs.example",
    );
    expect(text).toContain("# c\n");
    expect(text).toContain("1 of 3 pages did not fit");
    expect(text).toContain("https://docs.example/b.md");
  });
});
