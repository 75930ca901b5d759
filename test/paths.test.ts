import { describe, expect, it } from "vitest";
import { parsePagePath, pageIdOf, sourcePathOf } from "../server/content/paths";
import { resolveImport } from "../server/mdx/imports";
import { graphqlSlug } from "../server/graphql/slug";
import { BadRequestError, NotFoundError } from "../server/errors";

describe("parsePagePath", () => {
  it.each([
    ["/guides", "guides", false],
    ["/references/sui-glossary", "references/sui-glossary", false],
    ["/references/sui-glossary/", "references/sui-glossary", false],
    ["/concepts.md", "concepts", true],
    ["/snippets/cli-check-install", "snippets/cli-check-install", false],
  ])("%s is page %s", (path, id, markdown) => {
    expect(parsePagePath(path)).toEqual({ id, markdown });
  });

  it.each([
    ["/a/%2e%2e/b", BadRequestError],
    ["/a/%2E%2E%2Fetc%2Fpasswd", BadRequestError],
    ["/docs%2fguides", BadRequestError],
    ["/a%5c..%5cb", BadRequestError],
    ["/a%00b", BadRequestError],
    ["/a/../b", BadRequestError],
    ["/%E0%A4%A", BadRequestError],
    [`/${"a".repeat(600)}`, BadRequestError],
    ["/.git/config", NotFoundError],
    ["/guides/.env", NotFoundError],
    ["/", NotFoundError],
    ["/a b", NotFoundError],
  ])("%s is refused with %o", (path, error) => {
    expect(() => parsePagePath(path)).toThrow(error);
  });
});

describe("page ids and source paths", () => {
  it.each([
    ["guides", "docs/guides.mdx"],
    ["guides/developer", "docs/guides/developer.mdx"],
    ["snippets/move-summary", "snippets/move-summary.mdx"],
  ])("%s is read from %s and back", (id, path) => {
    expect(sourcePathOf(id)).toBe(path);
    expect(pageIdOf(path)).toBe(id);
  });
  it.each(["sidebars/guides.json", "docs/readme.md", "snippets/a/b.mdx"])("%s is not a page", (path) => {
    expect(pageIdOf(path)).toBeUndefined();
  });
});

describe("resolveImport", () => {
  const files = new Set(["snippets/a.mdx", "docs/guides/b.mdx", "components/C.tsx"]);
  it.each([
    ["docs/guides/x.mdx", "@site/snippets/a.mdx", "snippets/a.mdx"],
    ["docs/guides/x.mdx", "@site/snippets/a", "snippets/a.mdx"],
    ["docs/guides/x.mdx", "./b.mdx", "docs/guides/b.mdx"],
    ["docs/guides/x.mdx", "../../components/C", undefined], // code is never imported
    ["docs/guides/x.mdx", "../../../etc/passwd", undefined],
    ["docs/guides/x.mdx", "@site/../x", undefined],
    ["docs/guides/x.mdx", "fs", undefined],
    ["docs/guides/x.mdx", "@site/missing.mdx", undefined],
  ])("in %s, %s resolves to %s", (importer, spec, expected) => {
    expect(resolveImport(importer, spec, (p) => files.has(p))).toBe(expected);
  });
});

describe("graphqlSlug", () => {
  it.each([
    ["GasCostSummary", "gas-cost-summary"],
    ["Base64", "base-64"],
    ["IOwner", "iowner"],
    ["JSON", "json"],
    ["dryRunTransactionBlock", "dry-run-transaction-block"],
    ["SuiAddress", "sui-address"],
  ])("%s is %s", (name, slug) => expect(graphqlSlug(name)).toBe(slug));
});
