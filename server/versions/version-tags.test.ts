import { describe, expect, it } from "vitest";
import type { RefTip } from "../refs/ref-listing";
import { releasesOf, versionTagTest } from "./version-tags";

describe("versionTagTest", () => {
  it.each([
    ["mainnet-v*", "mainnet-v1.40.1", true],
    ["mainnet-v*", "mainnet-v", true],
    ["mainnet-v*", "testnet-v1.40.1", false],
    ["mainnet-v*", "mainnet-v1/x", false],
    ["mainnet-v*", "xmainnet-v1", false],
    ["v?.0", "v2.0", true],
    ["v?.0", "v12.0", false],
    ["v1.0", "v1x0", false],
    ["*", "anything-1", true],
    ["*", "a/b", false],
  ])("%s on %s: %s", (glob, tag, expected) => {
    expect(versionTagTest(glob)(tag)).toBe(expected);
  });
});

describe("releasesOf", () => {
  const tip = (name: string, kind: RefTip["kind"] = "tag"): RefTip => ({ name, kind, commit: name.padEnd(40, "0") });
  it.each([
    ["newest version first, numbers compared as numbers", ["v1.9.0", "v1.10.0", "v1.2.0"], ["v1.10.0", "v1.9.0", "v1.2.0"]],
    ["tags the glob does not name left out", ["v1.0.0", "testnet-1"], ["v1.0.0"]],
    ["none", [], []],
  ])("%s", (_what, names, expected) => {
    expect(
      releasesOf(
        names.map((n) => tip(n)),
        versionTagTest("v*"),
      ).map((r) => r.tag),
    ).toEqual(expected);
  });
  it("a branch named like a release is not one", () => {
    expect(releasesOf([tip("v2.0.0", "branch")], versionTagTest("v*"))).toEqual([]);
  });
});
