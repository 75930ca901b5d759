import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LastGoodCommit } from "./last-good";

const oid = (n: number) => n.toString(16).padStart(40, "0");

describe("LastGoodCommit", () => {
  const fresh = () => new LastGoodCommit(path.join(fs.mkdtempSync(path.join(os.tmpdir(), "last-good-")), "live", "x.commit"), () => {});

  it.each([
    ["nothing recorded", [], []],
    ["one commit", [1], [1]],
    ["newest first", [1, 2, 3], [3, 2, 1]],
    ["a commit live again moves to the front, once", [1, 2, 1], [1, 2]],
    ["the last ten only", [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], [12, 11, 10, 9, 8, 7, 6, 5, 4, 3]],
  ])("%s", (_name, written, recent) => {
    const record = fresh();
    for (const n of written) record.write(oid(n));
    expect(record.recent()).toEqual(recent.map(oid));
    expect(record.read()).toBe(recent.length ? oid(recent[0]!) : undefined);
  });

  it("reads the one-commit file an earlier version wrote, and skips lines that are not commit ids", () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "last-good-")), "x.commit");
    fs.writeFileSync(file, `${oid(7)}\nnot an id\n${oid(5)}\n`);
    expect(new LastGoodCommit(file, () => {}).recent()).toEqual([oid(7), oid(5)]);
  });
});
