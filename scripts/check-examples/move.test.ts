import { describe, expect, it } from "vitest";
import type { CodeBlock } from "./blocks";
import type { FrameworkFacts } from "./facts";
import { checkMove, isWholeModule } from "./move";

const facts: FrameworkFacts = {
  source: "test",
  packages: { std: "0x1", sui: "0x2" },
  testOnly: { functions: [] },
  functions: {
    "sui::coin::create_currency": { visibility: "public", deprecated: "Use the Coin Registry" },
    "sui::transfer::public_transfer": { visibility: "public" },
    "sui::coin::value": { visibility: "public" },
    "std::option::none": { visibility: "public" },
    "std::internal::permit": { visibility: "public" },
    "sui::vec_map::size": { visibility: "public", deprecated: "Use `length` instead" },
    "sui::vec_map::length": { visibility: "public" },
    "sui::display_registry::new": { visibility: "public", since: "1.79.1" },
  },
};
const atPin = () => "1.76.1";

const block = (code: string): CodeBlock => ({ file: "content/docs/p.mdx", fenceLine: 9, line: 10, lang: "move", meta: {}, code });

describe("isWholeModule", () => {
  it.each([
    ["module a::b;\n", true],
    ["// Counter\n#[allow(unused)]\nmodule a::b {\n}", true],
    ["public fun f() {}", false],
    ["let modules = 1;", false],
  ])("%j", (code, expected) => expect(isWholeModule(code)).toBe(expected));
});

describe("checkMove", () => {
  it("accepts a module that parses and calls existing functions", async () => {
    const code =
      "module a::b;\n\nuse sui::coin::Coin;\n\npublic fun give<T>(c: Coin<T>, to: address) {\n    transfer::public_transfer(c, to);\n}\n";
    expect(await checkMove([block(code)], facts, atPin)).toEqual([]);
  });

  it("reports a whole module that does not parse at the broken line", async () => {
    const failures = await checkMove([block("module a::b {\n    public fun f( {\n    }\n}")], facts, atPin);
    expect(failures.map((f) => [f.check, f.line])).toEqual([["move-parse", 11]]);
  });

  it("reports deprecated and missing framework calls in fragments too, with their lines", async () => {
    const fragment = [
      "use sui::coin;",
      "",
      "fun init(w: W, ctx: &mut TxContext) {",
      '    let (cap, meta) = coin::create_currency(w, 6, b"X", b"", b"", option::none(), ctx);',
      "    coin::nope(cap);",
      "    cap.value();",
      "}",
    ].join("\n");
    const failures = await checkMove([block(fragment)], facts, atPin);
    expect(failures.map((f) => [f.check, f.line, f.reason])).toEqual([
      ["move-calls", 13, "coin::create_currency: sui::coin::create_currency is deprecated: Use the Coin Registry"],
      ["move-calls", 14, "coin::nope: sui::coin::nope does not exist in the pinned framework"],
    ]);
  });

  it("resolves a module's own name to itself, not to the framework module of that name", async () => {
    const code =
      "module shop::transfer;\n\npublic fun send() {}\n\npublic fun twice() {\n    transfer::send();\n    transfer::send();\n}\n";
    expect(await checkMove([block(code)], facts, atPin)).toEqual([]);
  });

  it("judges methods called on parameters by the module of the parameter's type", async () => {
    const code = [
      "use sui::vec_map::VecMap;",
      "",
      "public fun count(map: &VecMap<u8, u8>, other: &sui::vec_map::VecMap<u8, u8>): u64 {",
      "    map.length() + other.size() + map.into_keys().size()",
      "}",
    ].join("\n");
    const failures = await checkMove([block(code)], facts, atPin);
    expect(failures.map((f) => [f.line, f.reason])).toEqual([[13, ".size(): sui::vec_map::size is deprecated: Use `length` instead"]]);
  });

  it("lets a page call a function newer than the pin only when its verified_with declares that release", async () => {
    const code = [
      "module a::b;",
      "",
      "use sui::display_registry;",
      "",
      "fun f(r: &mut DisplayRegistry, ctx: &mut TxContext) {",
      "    let (d, c) = display_registry::new(r, std::internal::permit<B>(), ctx);",
      "}",
      "",
    ].join("\n");
    expect(await checkMove([block(code)], facts, () => "1.79.1")).toEqual([]);
    const failures = await checkMove([block(code)], facts, atPin);
    expect(failures.map((f) => [f.line, f.reason])).toEqual([
      [
        15,
        'display_registry::new: sui::display_registry::new first ships in Sui 1.79.1: the page must declare verified_with sui "1.79.1" (it declares "1.76.1")',
      ],
    ]);
  });

  it("ignores non-Move blocks", async () => {
    expect(await checkMove([{ ...block("module a::b { fun ("), lang: "text" }], facts, atPin)).toEqual([]);
  });
});
