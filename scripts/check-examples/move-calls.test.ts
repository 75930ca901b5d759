import { describe, expect, it } from "vitest";
import type { FrameworkFacts } from "./facts";
import { callProblem, resolveCall } from "./move-calls";
import { addUse, implicitScope } from "./move-uses";

const facts: FrameworkFacts = {
  source: "test",
  packages: { std: "0x1", sui: "0x2" },
  testOnly: { functions: ["sui::tx_context::dummy"] },
  functions: {
    "sui::coin::mint": { visibility: "public" },
    "sui::coin::create_currency": { visibility: "public", deprecated: "Use `coin_registry::new_currency_with_otw` instead" },
    "sui::coin::internal": { visibility: "package" },
    "sui::transfer::public_transfer": { visibility: "public" },
    "std::vector::tabulate": { visibility: "public", macro: true },
    "sui::tx_context::sender": { visibility: "public" },
    "sui::display_registry::new": { visibility: "public", since: "1.79.1" },
  },
};

function scopeOf(...uses: string[]) {
  const scope = implicitScope();
  for (const use of uses) addUse(scope, use);
  return scope;
}

describe("resolveCall", () => {
  it.each([
    ["coin::mint", ["use sui::coin;"], "sui::coin::mint"],
    ["c::mint", ["use sui::coin as c;"], "sui::coin::mint"],
    ["mint", ["use sui::coin::mint;"], "sui::coin::mint"],
    ["m", ["use sui::coin::{Self, mint as m, Coin};"], "sui::coin::mint"],
    ["coin::mint", ["use sui::coin::{Self, Coin};"], "sui::coin::mint"],
    ["coin::mint", ["use sui::{coin::{Self, Coin}, balance};"], "sui::coin::mint"],
    ["balance::zero", ["use sui::{coin, balance};"], "sui::balance::zero"],
    ["sui::coin::mint", [], "sui::coin::mint"],
    ["0x2::coin::mint", [], "sui::coin::mint"],
    ["0x0000000000000000000000000000000000000000000000000000000000000002::coin::mint", [], "sui::coin::mint"],
    ["transfer::public_transfer", [], "sui::transfer::public_transfer"],
    ["tx_context::sender", [], "sui::tx_context::sender"],
    ["vector::tabulate", [], "std::vector::tabulate"],
    ["coin::mint<T>", ["use sui::coin;"], "sui::coin::mint"],
    ["my_module::mint", [], undefined],
    ["helper", [], undefined],
    ["mypkg::m::f", [], undefined],
  ])("%s with %j", (callee, uses, expected) => {
    expect(resolveCall({ callee, macro: false }, scopeOf(...uses), facts)).toBe(expected);
  });
});

describe("callProblem", () => {
  it.each([
    ["sui::coin::mint", false, undefined],
    ["sui::coin::create_currency", false, "sui::coin::create_currency is deprecated: Use `coin_registry::new_currency_with_otw` instead"],
    ["sui::coin::mint_forever", false, "sui::coin::mint_forever does not exist in the pinned framework"],
    ["sui::coins::mint", false, "module sui::coins does not exist in the pinned framework"],
    ["sui::coin::internal", false, "sui::coin::internal is package, not callable from another package's Move code"],
    ["sui::coin::mint_for_testing", false, undefined],
    ["sui::tx_context::dummy", false, undefined],
    ["std::vector::tabulate", false, "std::vector::tabulate is a macro: call it as tabulate!(...)"],
    ["std::vector::tabulate", true, undefined],
    ["sui::coin::mint", true, "sui::coin::mint is a function, not a macro: call it without !"],
  ])("%s (macro %s)", (full, macro, expected) => {
    expect(callProblem({ callee: full, macro }, full, facts, "1.76.1")).toBe(expected);
  });

  it.each([
    ["1.79.1", undefined],
    ["1.80.1", undefined],
    [
      "1.76.1",
      'sui::display_registry::new first ships in Sui 1.79.1: the page must declare verified_with sui "1.79.1" (it declares "1.76.1")',
    ],
    [
      undefined,
      'sui::display_registry::new first ships in Sui 1.79.1: the page must declare verified_with sui "1.79.1" (it declares no sui version)',
    ],
  ])("a function newer than the pin, on a page declaring sui %s", (sui, expected) => {
    const full = "sui::display_registry::new";
    expect(callProblem({ callee: full, macro: false }, full, facts, sui)).toBe(expected);
  });
});
