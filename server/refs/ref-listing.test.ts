import { describe, expect, it } from "vitest";
import { parseRefListing } from "./ref-listing";

const A = "a".repeat(40);
const B = "b".repeat(40);
const T = "c".repeat(40);
const line = (...fields: string[]) => fields.join("\t");

describe("parseRefListing", () => {
  it.each([
    [
      "a branch of a repository pushed to",
      "refs/heads/",
      line("refs/heads/feature/x", A, "commit", "", ""),
      [{ name: "feature/x", kind: "branch", commit: A }],
    ],
    [
      "a branch of a clone",
      "refs/remotes/origin/",
      line("refs/remotes/origin/main", A, "commit", "", ""),
      [{ name: "main", kind: "branch", commit: A }],
    ],
    ["a clone's symbolic HEAD", "refs/remotes/origin/", line("refs/remotes/origin/HEAD", A, "commit", "", ""), []],
    ["a lightweight tag", "refs/heads/", line("refs/tags/v1", A, "commit", "", ""), [{ name: "v1", kind: "tag", commit: A }]],
    ["an annotated tag, peeled", "refs/heads/", line("refs/tags/v2", T, "tag", B, "commit"), [{ name: "v2", kind: "tag", commit: B }]],
    ["a tag of a tree", "refs/heads/", line("refs/tags/tree", T, "tag", B, "tree"), []],
    [
      "a pull request's head",
      "refs/heads/",
      line("refs/pull/42/head", A, "commit", "", ""),
      [{ name: "pull/42", kind: "pull", commit: A }],
    ],
    ["a pull request's merge ref", "refs/heads/", line("refs/pull/42/merge", A, "commit", "", ""), []],
    ["another namespace", "refs/heads/", line("refs/notes/commits", A, "commit", "", ""), []],
    ["an empty listing", "refs/heads/", "", []],
  ])("%s", (_what, prefix, output, expected) => {
    expect(parseRefListing(output, prefix)).toEqual(expected);
  });
});
