import { describe, expect, it } from "vitest";
import type { SidebarItem } from "../../server/index";
import { sectionOf } from "./sections";

const referencesSidebar = [
  { type: "link", label: "References", href: "/references", docId: "references" },
  { type: "link", label: "API Reference", href: "/sui-api-ref", docId: "sui-api-ref" },
] as unknown as SidebarItem[];

describe("sectionOf", () => {
  it.each([
    ["guides", undefined, "Guides"],
    ["guides/developer/first-app/write-package", undefined, "Guides"],
    ["concepts/tokenomics", undefined, "Concepts"],
    ["standards/kiosk", undefined, "Standards"],
    ["references/sui-api/graphql/reference/objects/address", undefined, "References"],
    ["sui-api-ref", referencesSidebar, "References"],
    ["sui-api-ref", undefined, undefined],
    ["snippets/move-summary", null, undefined],
    ["guidesx/page", undefined, undefined],
    ["", undefined, undefined],
  ])("%s (sidebar %#) is in %s", (id, sidebar, label) => {
    expect(sectionOf(id, sidebar)?.label).toBe(label);
  });
});
