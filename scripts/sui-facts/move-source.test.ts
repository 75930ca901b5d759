import { describe, expect, it } from "vitest";
import { moveFunctions, splitParams } from "./move-source";
import { stripComments } from "./source-text";

const facts = (source: string, address = "sui") =>
  Object.fromEntries(
    moveFunctions(source, address).map(({ name, fact, testOnly, testOnlyModule }) => [name, { ...fact, testOnly, testOnlyModule }]),
  );

describe("stripComments", () => {
  it("blanks comments but keeps strings that contain //, keeping offsets", () => {
    const source = 'const URL: vector<u8> = b"https://x"; // a comment\n/* block /* nested */ */ fun f() {}';
    const stripped = stripComments(source);
    expect(stripped).toHaveLength(source.length);
    expect(stripped).toContain('b"https://x"');
    expect(stripped).not.toContain("a comment");
    expect(stripped).not.toContain("nested");
    expect(stripped).toContain("fun f() {}");
  });
});

describe("splitParams", () => {
  it("splits at top-level commas only (generics, tuples, lambda types)", () => {
    expect(splitParams("a: &mut Table<K, V>, f: |u64, u64| -> (u64, bool), ctx: &mut TxContext")).toEqual([
      "a: &mut Table<K, V>",
      "f: |u64, u64| -> (u64, bool)",
      "ctx: &mut TxContext",
    ]);
  });
});

describe("moveFunctions", () => {
  it("reads visibility, macros, natives and parameters of a 2024-edition module", () => {
    const source = `
/// Docs mentioning fun fake() in a comment.
module sui::demo;

use fun helper as Coin.helper;

public fun mint<T>(cap: &mut TreasuryCap<T>, value: u64, ctx: &mut TxContext): Coin<T> { abort 0 }
public entry fun burn<T>(c: Coin<T>) { if (1 < 2) { } }
entry fun legacy() {}
public(package) fun inner(): u64 { 0 }
fun helper(c: &Coin<u8>): u64 { 0 }
public macro fun each<$T>($v: vector<$T>, $f: |$T|) {}
public native fun hash(data: &vector<u8>): vector<u8>;
`;
    expect(facts(source)).toEqual({
      "demo::mint": {
        visibility: "public",
        params: ["cap: &mut TreasuryCap<T>", "value: u64", "ctx: &mut TxContext"],
        testOnly: false,
        testOnlyModule: false,
      },
      "demo::burn": { visibility: "public", params: ["c: Coin<T>"], testOnly: false, testOnlyModule: false },
      "demo::legacy": { visibility: "entry", params: [], testOnly: false, testOnlyModule: false },
      "demo::inner": { visibility: "package", params: [], testOnly: false, testOnlyModule: false },
      "demo::helper": { visibility: "private", params: ["c: &Coin<u8>"], testOnly: false, testOnlyModule: false },
      "demo::each": { visibility: "public", macro: true, params: ["$v: vector<$T>", "$f: |$T|"], testOnly: false, testOnlyModule: false },
      "demo::hash": { visibility: "public", params: ["data: &vector<u8>"], testOnly: false, testOnlyModule: false },
    });
  });

  it("reads deprecation notes, also from multi-line and combined attributes, and a bare #[deprecated]", () => {
    const source = `module deepbook::clob {
    #[deprecated(note = b"Use the new pool")]
    public fun old_pool() {}
    #[
        deprecated(
            note = b"Migrate first",
        ),
    ]
    public fun old_list() {}
    #[deprecated, allow(unused_type_parameter)]
    public fun bare<T>() {}
}`;
    const read = facts(source, "deepbook");
    expect(read["clob::old_pool"]!.deprecated).toBe("Use the new pool");
    expect(read["clob::old_list"]!.deprecated).toBe("Migrate first");
    expect(read["clob::bare"]!.deprecated).toBe("marked #[deprecated] upstream (no note)");
  });

  it("drops unit tests, marks #[test_only] functions and modules, and ignores other addresses", () => {
    const source = `
module sui::a;
#[test_only]
public fun new_for_testing(): u64 { 0 }
#[test, expected_failure(abort_code = 1)]
fun it_aborts() {}
#[random_test]
fun fuzz(x: u64) {}
`;
    expect(Object.keys(facts(source))).toEqual(["a::new_for_testing"]);
    expect(facts(source)["a::new_for_testing"]!.testOnly).toBe(true);
    const scenario = "#[test_only]\nmodule sui::test_scenario;\npublic fun begin(sender: address): Scenario { abort 0 }\n";
    expect(facts(scenario)["test_scenario::begin"]).toMatchObject({ visibility: "public", testOnly: false, testOnlyModule: true });
    expect(facts("module examples::x; public fun f() {}")).toEqual({});
  });
});
