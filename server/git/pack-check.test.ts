import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { git, sampleContent, WorkingCopy } from "../../test/helpers/git";
import { damagedPacks } from "./pack-check";

/** A repository whose objects are all in one pack, and that pack's file name. */
function packed(): { gitdir: string; pack: string } {
  const work = WorkingCopy.init().write(sampleContent());
  work.commit("Only");
  const gitdir = path.join(work.dir, ".git");
  git(work.dir, "repack", "-a", "-d", "-q");
  const pack = fs.readdirSync(path.join(gitdir, "objects/pack")).find((n) => n.endsWith(".pack"))!;
  return { gitdir, pack };
}

describe("damagedPacks", () => {
  it("finds no damage in a sound repository", () => {
    expect(damagedPacks(packed().gitdir)).toEqual([]);
  });

  it.each([
    ["truncated to half", (file: string) => fs.truncateSync(file, Math.floor(fs.statSync(file).size / 2))],
    ["with its last byte changed", (file: string) => fs.appendFileSync(file, "x")],
    ["removed beside its index", (file: string) => fs.rmSync(file)],
  ])("names a pack %s", (_name, damage) => {
    const { gitdir, pack } = packed();
    const file = path.join(gitdir, "objects/pack", pack);
    fs.chmodSync(file, 0o644);
    damage(file);
    expect(damagedPacks(gitdir)).toEqual([pack]);
  });
});
