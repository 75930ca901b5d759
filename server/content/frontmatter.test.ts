import { describe, expect, it } from "vitest";
import { parseFrontmatter, parseVerifiedWith } from "./frontmatter";

describe("parseVerifiedWith", () => {
  it.each([
    [undefined, { ok: true, value: [] }],
    [{ sui: "1.63.0", "@mysten/sui": "2.33.1" }, { ok: true, value: [{ name: "sui", version: "1.63.0" }, { name: "@mysten/sui", version: "2.33.1" }] }],
    [
      { "@mysten/sui": "^2.33.1" },
      { ok: false, error: 'frontmatter verified_with.@mysten/sui must be an exact version in quotes, such as "1.2.3" (got "^2.33.1")' },
    ],
    [{ sui: 1.63 }, { ok: false, error: 'frontmatter verified_with.sui must be an exact version in quotes, such as "1.2.3" (got 1.63)' }],
    [{ "Not A Package": "1.0.0" }, { ok: false, error: 'frontmatter verified_with key "Not A Package" is neither "sui" nor an npm package name' }],
    [["sui"], { ok: false, error: 'frontmatter verified_with must be a mapping such as { sui: "1.63.0", "@mysten/sui": "2.33.1" }' }],
  ])("%j", (value, expected) => expect(parseVerifiedWith(value)).toEqual(expected));
});

describe("parseFrontmatter verified_with", () => {
  const page = (extra: string) => `---\nid: p\ntitle: P\ndescription: D.\n${extra}---\nBody.\n`;
  it("exposes it on the page's metadata", () => {
    const result = parseFrontmatter(page('verified_with:\n  sui: "1.63.0"\n'), "p");
    expect(result.ok && result.value.verifiedWith).toEqual([{ name: "sui", version: "1.63.0" }]);
  });
  it("leaves it out when the page declares none", () => {
    const result = parseFrontmatter(page(""), "p");
    expect(result.ok && "verifiedWith" in result.value).toBe(false);
  });
  it("refuses a malformed one with a message", () => {
    expect(parseFrontmatter(page("verified_with: yes\n"), "p")).toEqual({
      ok: false,
      error: 'frontmatter verified_with must be a mapping such as { sui: "1.63.0", "@mysten/sui": "2.33.1" }',
    });
  });
});

describe("parseFrontmatter", () => {
  const source = (yaml: string) => `---\n${yaml}\n---\n\nBody.\n`;
  const base = "title: Page\ndescription: About the page.";

  it.each([
    ["the id its path gives", `id: guides/p\n${base}`, { id: "guides/p", title: "Page", description: "About the page.", aliases: [] }],
    ["no id: the path's", base, { id: "guides/p", title: "Page", description: "About the page.", aliases: [] }],
    ["trimmed strings", `title: "  Page  "\ndescription: " About the page. "`, { id: "guides/p", title: "Page", description: "About the page.", aliases: [] }],
    [
      "sidebar, label and aliases (without trailing slashes, without the leading one)",
      `${base}\nsidebar: guidesSidebar\nsidebar_label: Short\naliases: [/p, /old/p/]`,
      { id: "guides/p", title: "Page", description: "About the page.", sidebar: "guidesSidebar", sidebarLabel: "Short", aliases: ["p", "old/p"] },
    ],
    ["a blank sidebar label is none", `${base}\nsidebar_label: "  "`, { id: "guides/p", title: "Page", description: "About the page.", aliases: [] }],
    [
      "keys it does not know are ignored",
      `${base}\nkeywords: [a, b]\nslug: /x`,
      { id: "guides/p", title: "Page", description: "About the page.", aliases: [] },
    ],
  ])("accepts %s", (_, yaml, value) => {
    expect(parseFrontmatter(source(yaml), "guides/p")).toEqual({ ok: true, value });
  });

  it.each([
    ["no frontmatter at all", "Just text.", "frontmatter has no title"],
    ["YAML that does not parse", source(`${base}\naliases: [unclosed`), /^frontmatter is not valid YAML: /],
    ["an id that is not its path", source(`id: guides/other\n${base}`), 'frontmatter id "guides/other" does not match its file path (expected "guides/p")'],
    ["no title", source("description: About."), "frontmatter has no title"],
    ["a blank title", source('title: " "\ndescription: About.'), "frontmatter has no title"],
    ["a title that is not a string", source("title: [a]\ndescription: About."), "frontmatter has no title"],
    ["no description", source("title: Page"), "frontmatter has no description"],
    [
      "an unknown sidebar",
      source(`${base}\nsidebar: mySidebar`),
      'frontmatter sidebar "mySidebar" is not one of guidesSidebar, conceptsSidebar, standardsSidebar, referencesSidebar',
    ],
    ["aliases that are not a list", source(`${base}\naliases: /p`), "frontmatter aliases must be a list of paths such as /sui-glossary"],
    ["an alias without its slash", source(`${base}\naliases: [p]`), "frontmatter aliases must be a list of paths such as /sui-glossary"],
    [
      "an alias that leaves the site",
      source(`${base}\naliases: ["https://elsewhere.example/p"]`),
      "frontmatter aliases must be a list of paths such as /sui-glossary",
    ],
    ["an alias with dots", source(`${base}\naliases: [/../p]`), "frontmatter aliases must be a list of paths such as /sui-glossary"],
  ])("refuses %s", (_, text, error) => {
    const result = parseFrontmatter(text, "guides/p");
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(error);
  });
});
