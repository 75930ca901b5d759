import { describe, expect, it } from "vitest";
import { isAllowedAttribute, isAuthorId } from "./safe-html";

describe("isAuthorId: an author's ids are plain names, never the site's", () => {
  it.each<[string, boolean]>([
    ["my-anchor", true],
    ["Step_2", true],
    ["install-the-cli", true],
    ["main", false],
    ["MAIN", false],
    ["doc-sidebar", false],
    ["search-option-0", false],
    ["tabs-1-panel-0", false],
    ["user-content-fn-1", false],
    ["footnote-label", false],
    ["main-content", true],
    ["", false],
    ["2fa", false],
    ["a b", false],
    ['a"onmouseover', false],
    ["x".repeat(101), false],
  ])("%j → %s", (id, allowed) => {
    expect(isAuthorId(id)).toBe(allowed);
  });
});

describe("isAllowedAttribute: what an author may write", () => {
  it.each<[string, string, boolean]>([
    ["div", "id", true],
    ["div", "title", true],
    ["span", "aria-label", true],
    ["a", "href", true],
    ["a", "data-moved", true],
    ["span", "data-moved", false],
    ["div", "class", false],
    ["div", "className", false],
    ["div", "data-copy", false],
    ["div", "data-value", false],
    ["pre", "data-source", false],
    ["div", "style", false],
    ["div", "onclick", false],
    ["div", "href", false],
  ])("<%s %s> → %s", (tag, name, allowed) => {
    expect(isAllowedAttribute(tag, name)).toBe(allowed);
  });
});
