import { describe, expect, it } from "vitest";
import { MAX_REF_NAME_LENGTH, refNameProblem } from "./ref-name";

describe("refNameProblem", () => {
  it.each(["main", "feature/new-page", "v1.2.0", "pull/42", "release_2026", "a"])("accepts %s", (name) => {
    expect(refNameProblem(name)).toBeUndefined();
  });

  it.each([
    ["", /empty/],
    ["x".repeat(MAX_REF_NAME_LENGTH + 1), /longer than/],
    ["-main", /letters, digits/],
    ["/main", /letters, digits/],
    ["feat+x", /letters, digits/],
    ["a b", /letters, digits/],
    ["refs/heads/../x", /not a valid Git ref/],
    ["a//b", /not a valid Git ref/],
    ["branch/", /not a valid Git ref/],
    ["branch.", /not a valid Git ref/],
    ["branch.lock", /not a valid Git ref/],
  ])("refuses %j", (name, message) => {
    expect(refNameProblem(name)).toMatch(message);
  });
});
