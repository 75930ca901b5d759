import { describe, expect, it } from "vitest";
import { NameLogParser, parseNameLog } from "./name-log";

const A = "a".repeat(40);
const B = "b".repeat(40);
const C = "c".repeat(40);

describe("git log --name-only -z output", () => {
  it.each([
    ["no commits", "", []],
    ["one commit, one path", `\x01${A}\0\ndocs/a.mdx\0`, [{ oid: A, paths: ["docs/a.mdx"] }]],
    [
      "an empty commit between two",
      `\x01${A}\0\nx\0y\0\x01${B}\0\x01${C}\0\nz\0`,
      [
        { oid: A, paths: ["x", "y"] },
        { oid: B, paths: [] },
        { oid: C, paths: ["z"] },
      ],
    ],
    [
      "names with spaces, newlines and UTF-8",
      `\x01${A}\0\na b.mdx\0line\nbreak.mdx\0é.mdx\0`,
      [{ oid: A, paths: ["a b.mdx", "line\nbreak.mdx", "é.mdx"] }],
    ],
  ])("%s", (_name, output, expected) => {
    expect(parseNameLog(output)).toEqual(expected);
  });

  it("gives the same commits whatever the chunking, even inside a UTF-8 character", () => {
    const output = Buffer.from(`\x01${A}\0\ndocs/é.mdx\0docs/b.mdx\0\x01${B}\0\x01${C}\0\nz\0`);
    const whole = parseNameLog(output.toString());
    for (let size = 1; size < 12; size++) {
      const parser = new NameLogParser();
      const got = [];
      for (let at = 0; at < output.length; at += size) got.push(...parser.push(output.subarray(at, at + size)));
      got.push(...parser.end());
      expect(got).toEqual(whole);
    }
  });
});
