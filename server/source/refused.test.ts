import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_REFUSED_COMMITS, RefusedCommits } from "./refused";

const oid = (i: number) => i.toString(16).padStart(40, "0");
const refusal = (i: number) => ({ commit: oid(i), file: "docs/a.mdx", message: `reason ${i}`, at: new Date(0).toISOString() });

describe("RefusedCommits", () => {
  const file = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), "refused-")), "live", "site.refused.json");

  it("is shared through its file: another process's instance reads what one wrote, and removals", () => {
    const where = file();
    const leader = new RefusedCommits(where, () => {});
    leader.add(refusal(1));
    leader.add(refusal(2));
    const follower = new RefusedCommits(where, () => {});
    expect(follower.get(oid(1))?.message).toBe("reason 1");
    leader.remove(oid(1));
    follower.reload();
    expect(follower.get(oid(1))).toBeUndefined();
    expect(follower.get(oid(2))?.message).toBe("reason 2");
  });

  it("keeps the newest MAX_REFUSED_COMMITS only", () => {
    const where = file();
    const record = new RefusedCommits(where, () => {});
    for (let i = 1; i <= MAX_REFUSED_COMMITS + 5; i++) record.add(refusal(i));
    const reread = new RefusedCommits(where, () => {});
    expect(reread.get(oid(5))).toBeUndefined();
    expect(reread.get(oid(6))).toBeDefined();
    expect(reread.get(oid(MAX_REFUSED_COMMITS + 5))).toBeDefined();
    expect(JSON.parse(fs.readFileSync(where, "utf8"))).toHaveLength(MAX_REFUSED_COMMITS);
  });

  it("ignores a damaged file and entries that are not refusals", () => {
    const where = file();
    fs.mkdirSync(path.dirname(where), { recursive: true });
    fs.writeFileSync(where, "{ not json");
    expect(new RefusedCommits(where, () => {}).get(oid(1))).toBeUndefined();
    fs.writeFileSync(where, JSON.stringify([{ commit: "HEAD", file: "x", message: "y", at: "z" }, refusal(1)]));
    const record = new RefusedCommits(where, () => {});
    expect(record.get("HEAD")).toBeUndefined();
    expect(record.get(oid(1))).toBeDefined();
  });
});
