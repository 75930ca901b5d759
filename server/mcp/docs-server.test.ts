import { describe, expect, it } from "vitest";
import { MAX_TOOL_TEXT, partOf } from "./docs-server";

const next = (offset: number) => `read_page with offset ${offset}`;
/** `count` lines of `width` characters each (the line break included). */
const lines = (count: number, width: number) => `${"x".repeat(width - 1)}\n`.repeat(count);

describe("partOf: a long tool answer in parts", () => {
  it.each([
    { name: "a short text, whole", text: "abc", offset: 0, part: "abc" },
    { name: "an empty text", text: "", offset: 0, part: "" },
    { name: "the rest of a text", text: "abcdef", offset: 2, part: "cdef" },
    { name: "past the end", text: "abc", offset: 5, part: "Nothing at offset 5: the text has 3 characters." },
    { name: "a text of exactly the cap, whole", text: "y".repeat(MAX_TOOL_TEXT), offset: 0, part: "y".repeat(MAX_TOOL_TEXT) },
    {
      name: "a long text, cut after the last line that fits",
      text: lines(3_000, 40),
      offset: 0,
      part: `${lines(2_500, 40)}[20000 more characters: call read_page with offset 100000]`,
    },
    {
      name: "one long line, cut at the cap",
      text: "z".repeat(MAX_TOOL_TEXT + 10),
      offset: 0,
      part: `${"z".repeat(MAX_TOOL_TEXT)}\n[10 more characters: call read_page with offset ${MAX_TOOL_TEXT}]`,
    },
    { name: "the last part", text: lines(3_000, 40), offset: 100_000, part: lines(500, 40) },
  ])("$name", ({ text, offset, part }) => {
    expect(partOf(text, offset, next)).toBe(part);
  });
});
