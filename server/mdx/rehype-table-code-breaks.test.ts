import { describe, expect, it } from "vitest";
import { breakPoints } from "./rehype-table-code-breaks";

describe("breakPoints", () => {
  it.each([
    ["client_order_id", ["client_", "order_", "id"]],
    ["0x2::coin::Coin<T>", ["0x2::", "coin::", "Coin", "<T>"]],
    ["suix_getDynamicFieldObject", ["suix_", "get", "Dynamic", "Field", "Object"]],
    ["LedgerService.GetObject", ["Ledger", "Service.", "Get", "Object"]],
    ["https://fullnode.mainnet.sui.io:443", ["https://", "fullnode.", "mainnet.", "sui.", "io:443"]],
    ["--with-graphql", ["--with-", "graphql"]],
    ["?level=2&depth=N", ["?level=", "2&", "depth=", "N"]],
    ["object(address:)", ["object", "(address:)"]],
    ["u64", ["u64"]],
    ["&Clock", ["&Clock"]],
    ["a b", ["a b"]],
    ["", [""]],
  ])("%s", (text, pieces) => {
    expect(breakPoints(text)).toEqual(pieces);
    expect(breakPoints(text).join("")).toBe(text);
  });
});
