import { describe, expect, it } from "vitest";
import { parseFrontmatter, parseVerifiedWith } from "./frontmatter";

describe("parseVerifiedWith", () => {
  it.each([
    [undefined, { ok: true, value: [] }],
    [{ sui: "1.63.0", "@mysten/sui": "2.33.1" }, { ok: true, value: [{ name: "sui", version: "1.63.0" }, { name: "@mysten/sui", version: "2.33.1" }] }],
    [{ "@mysten/sui": "^2.33.1" }, { ok: false, error: 'frontmatter verified_with.@mysten/sui must be an exact version in quotes, such as "1.2.3" (got "^2.33.1")' }],
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
    expect(parseFrontmatter(page("verified_with: yes\n"), "p")).toEqual({ ok: false, error: 'frontmatter verified_with must be a mapping such as { sui: "1.63.0", "@mysten/sui": "2.33.1" }' });
  });
});
