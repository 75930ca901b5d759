import { describe, expect, it } from "vitest";
import { graphqlSlug, referenceId } from "./slug";

describe("graphqlSlug", () => {
  it.each([
    ["GasCostSummary", "gas-cost-summary"],
    ["Base64", "base-64"],
    ["IOwner", "iowner"],
    ["JSON", "json"],
    ["dryRunTransactionBlock", "dry-run-transaction-block"],
    ["SuiAddress", "sui-address"],
    ["U64", "u-64"],
    ["address", "address"],
    ["MoveValue2", "move-value-2"],
  ])("%s is %s", (name, slug) => expect(graphqlSlug(name)).toBe(slug));
});

describe("referenceId", () => {
  it.each([
    ["objects", "Address", "references/sui-api/graphql/reference/objects/address"],
    ["queries", "dryRunTransactionBlock", "references/sui-api/graphql/reference/queries/dry-run-transaction-block"],
    ["scalars", "Base64", "references/sui-api/graphql/reference/scalars/base-64"],
  ] as const)("%s %s is page %s", (kind, name, id) => expect(referenceId(kind, name)).toBe(id));
});
