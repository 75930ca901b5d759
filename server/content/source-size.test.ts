import { describe, expect, it } from "vitest";
import { MAX_PAGE_SOURCE_BYTES, pageSizeProblem, sizeProblem, utf8Bytes } from "./source-size";

describe("source size caps", () => {
  it("the page cap is exactly 1 MB of UTF-8 (search's bounds count on it)", () => {
    expect(MAX_PAGE_SOURCE_BYTES).toBe(1_048_576);
  });

  it.each([
    ["", 0],
    ["abc", 3],
    ["é", 2],
    ["日本", 6],
    ["🙂", 4],
  ])("utf8Bytes(%j) is %i", (text, bytes) => {
    expect(utf8Bytes(text)).toBe(bytes);
  });

  it.each([
    [0, undefined],
    [16_000, undefined],
    [1_048_576, undefined],
    [1_048_577, "the page's source is 1 MB (1,048,577 bytes), over the 1 MB cap (1,048,576 bytes): split the page into smaller pages"],
    [10_485_760, "the page's source is 10 MB (10,485,760 bytes), over the 1 MB cap (1,048,576 bytes): split the page into smaller pages"],
    [2_936_012, "the page's source is 2.8 MB (2,936,012 bytes), over the 1 MB cap (1,048,576 bytes): split the page into smaller pages"],
  ])("a page of %i bytes: %s", (bytes, problem) => {
    expect(pageSizeProblem(bytes)).toBe(problem);
  });

  it.each([
    [500_000, 400_000, "the schema is 0.48 MB (500,000 bytes), over the 0.38 MB cap (400,000 bytes): shrink it"],
    [400_000, 400_000, undefined],
  ])("%i bytes under a cap of %i: %s", (bytes, cap, problem) => {
    expect(sizeProblem(bytes, cap, "the schema", "shrink it")).toBe(problem);
  });
});
