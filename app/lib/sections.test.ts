import { describe, expect, it } from "vitest";
import { sectionOf } from "./sections";

describe("sectionOf", () => {
  it.each([
    ["guides", "Guides"],
    ["guides/developer/first-app/write-package", "Guides"],
    ["concepts/tokenomics", "Concepts"],
    ["standards/kiosk", "Standards"],
    ["references/sui-api/graphql/reference/objects/address", "References"],
    ["sui-api-ref", undefined],
    ["guidesx/page", undefined],
    ["", undefined],
  ])("%s is in %s", (id, label) => {
    expect(sectionOf(id)?.label).toBe(label);
  });
});
