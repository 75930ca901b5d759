import { describe, expect, it } from "vitest";
import { BadRequestError, NotFoundError } from "../errors";
import { MAX_PATH_LENGTH, pageIdOf, parsePagePath, sourcePathOf } from "./paths";

describe("parsePagePath: the page a request path names", () => {
  it.each([
    ["/guides", "guides", false],
    ["/references/sui-glossary", "references/sui-glossary", false],
    ["/references/sui-glossary/", "references/sui-glossary", false],
    ["//guides//first", "guides/first", false],
    ["/concepts.md", "concepts", true],
    ["/guides/first.md", "guides/first", true],
    ["/snippets/cli-check-install", "snippets/cli-check-install", false],
    ["/Move_2024-notes", "Move_2024-notes", false],
    ["/%67uides", "guides", false],
    [`/${"a".repeat(MAX_PATH_LENGTH - 1)}`, "a".repeat(MAX_PATH_LENGTH - 1), false],
  ])("%s is page %s (markdown: %s)", (path, id, markdown) => {
    expect(parsePagePath(path)).toEqual({ id, markdown });
  });

  it.each([
    // Too long to look at.
    [`/${"a".repeat(MAX_PATH_LENGTH)}`, BadRequestError, /longer than 512 characters/],
    // Encoded separators are how traversals get past routers: refused before decoding.
    ["/a/%2e%2e/b", BadRequestError, /Encoded slashes, dots, backslashes and NUL/],
    ["/a/%2E%2E%2Fetc%2Fpasswd", BadRequestError, /Encoded slashes/],
    ["/docs%2fguides", BadRequestError, /Encoded slashes/],
    ["/a%5c..%5cb", BadRequestError, /Encoded slashes/],
    ["/a%00b", BadRequestError, /Encoded slashes/],
    ["/guides/first%00.md", BadRequestError, /Encoded slashes/],
    // Not UTF-8 once decoded.
    ["/%E0%A4%A", BadRequestError, /not valid percent-encoded UTF-8/],
    ["/guides/%zz", BadRequestError, /not valid percent-encoded UTF-8/],
    ["/%c0%ae%c0%ae/etc", BadRequestError, /not valid percent-encoded UTF-8/],
    // Raw backslashes and relative segments.
    ["/guides\\..\\etc", BadRequestError, /NUL bytes and backslashes/],
    ["/a/../b", BadRequestError, /Relative segments/],
    ["/a/./b", BadRequestError, /Relative segments/],
    // Well-formed, but no page can have that id.
    ["/", NotFoundError, /There is no page at \/$/],
    ["/.md", NotFoundError, /There is no page at \/\.md/],
    ["/.git/config", NotFoundError, /There is no page at \/\.git\/config/],
    ["/guides/.env", NotFoundError, /There is no page/],
    ["/-flag", NotFoundError, /There is no page/],
    ["/a b", NotFoundError, /There is no page at \/a b/],
    ["/docs/guides.mdx", NotFoundError, /There is no page at \/docs\/guides\.mdx/],
    ["/%E2%98%83", NotFoundError, /There is no page at \/☃/],
  ])("%s is refused: %o, %s", (path, error, message) => {
    expect(() => parsePagePath(path)).toThrow(error);
    expect(() => parsePagePath(path)).toThrow(message);
  });

  it("quotes at most 200 characters of a path it cannot find", () => {
    const path = `/${"a b".repeat(150)}`;
    expect(() => parsePagePath(path)).toThrow(new NotFoundError(`There is no page at ${path.slice(0, 200)}`));
  });
});

describe("page ids and the files they are read from", () => {
  it.each([
    ["guides", "docs/guides.mdx"],
    ["guides/developer", "docs/guides/developer.mdx"],
    ["references/sui-api/graphql/reference/objects/address", "docs/references/sui-api/graphql/reference/objects/address.mdx"],
    ["snippets/move-summary", "snippets/move-summary.mdx"],
  ])("%s is read from %s, and that file is page %s", (id, path) => {
    expect(sourcePathOf(id)).toBe(path);
    expect(pageIdOf(path)).toBe(id);
  });

  it.each([
    "sidebars/guides.json",
    "docs/readme.md",
    "docs/guides.mdx.bak",
    "content/docs/guides.mdx",
    "snippets/a/b.mdx",
    "static/img/logo.svg",
    "docs/.mdx",
  ])("%s is not a page", (path) => {
    expect(pageIdOf(path)).toBeUndefined();
  });
});
