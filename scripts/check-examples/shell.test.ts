import { describe, expect, it } from "vitest";
import type { CliFacts } from "./facts";
import { moveCallProblems, suiInvocationProblems } from "./shell";
import { commandWords, shellCommands } from "./shell-words";

describe("shellCommands", () => {
  const words = (code: string) => shellCommands(code).map((command) => command.map((word) => word.text));
  it.each([
    ["sui client gas", [["sui", "client", "gas"]]],
    ["sui client call \\\n  --package 0x2 \\\n  --module coin", [["sui", "client", "call", "--package", "0x2", "--module", "coin"]]],
    ["$ sui --version\nsui 1.76.1-abc", [["sui", "--version"]]],
    ["sui client gas # all coins\n# sui console", [["sui", "client", "gas"]]],
    [
      "sui client objects --json | jq '.[0]' && echo done",
      [
        ["sui", "client", "objects", "--json"],
        ["jq", ".[0]"],
        ["echo", "done"],
      ],
    ],
    [
      "export ADDR=$(sui client active-address)",
      [
        ["sui", "client", "active-address"],
        ["export", "ADDR=$(sui client active-address)"],
      ],
    ],
    [
      "sui client ptb --move-call \"0x2::coin::value\" '<0x2::sui::SUI>'",
      [["sui", "client", "ptb", "--move-call", "0x2::coin::value", "<0x2::sui::SUI>"]],
    ],
    [
      "cat > Move.toml <<'EOF'\n[dependencies]\nsui = { git = \"x\" }\nEOF\nsui move build",
      [
        ["cat", ">", "Move.toml", "<<EOF"],
        ["sui", "move", "build"],
      ],
    ],
  ])("%j", (code, expected) => expect(words(code)).toEqual(expected));

  it("keeps the row each word starts on", () => {
    expect(shellCommands("sui client call \\\n  --package 0x2")[0]!.map((word) => word.row)).toEqual([0, 0, 0, 1, 1]);
  });

  it("skips assignments and wrappers before the command", () => {
    expect(commandWords(shellCommands("RUST_LOG=info sudo sui start")[0]!).map((word) => word.text)).toEqual(["sui", "start"]);
  });
});

const cli: CliFacts = {
  source: "test",
  alwaysAccepted: ["--help", "-h", "--version", "-V"],
  flagsUnknown: { commands: ["sui replay"] },
  commands: {
    sui: { subcommands: ["client", "move", "replay"], flags: [] },
    "sui client": { subcommands: ["call", "gas", "ptb"], flags: ["--client.config", "--json"] },
    "sui client call": { subcommands: [], flags: ["--package", "--module", "--function", "--args", "--gas-budget"] },
    "sui client gas": { subcommands: [], flags: [] },
    "sui client ptb": { subcommands: [], flags: ["--move-call", "--assign"] },
    "sui move": { subcommands: ["build"], flags: ["--path", "-p"] },
    "sui move build": { subcommands: [], flags: [] },
    "sui replay": { subcommands: [], flags: [] },
  },
};

describe("suiInvocationProblems", () => {
  const problems = (line: string) => suiInvocationProblems(shellCommands(line)[0]!.slice(1), cli).map((p) => p.reason);
  it.each([
    ["sui --version", []],
    ["sui client gas", []],
    ["sui client gas <ADDRESS>", []],
    ["sui client call --package 0x2 --module coin --function mint --args 1 --gas-budget=100", []],
    ["sui client --json gas", []],
    ["sui client --client.config ./c.yaml gas", []],
    ["sui client gas --json", []],
    ["sui move -p ./pkg build", []],
    ["sui move build --path ./pkg", []],
    ["sui client ptb --move-call 0x2::coin::value --assign x", []],
    ["sui replay --digest abc", []],
    ["sui client <COMMAND> --help", []],
    ["sui console", ["`sui console` is not a command; `sui` has: client, move, replay"]],
    [
      "sui client profile-transaction --tx-digest x",
      ["`sui client profile-transaction` is not a command; `sui client` has: call, gas, ptb"],
    ],
    ["sui client call --pkg 0x2", ["`sui client call` has no flag --pkg"]],
    ["sui client ptb --make-coffee", ["`sui client ptb` has no flag --make-coffee"]],
  ])("%s", (line, expected) => expect(problems(line)).toEqual(expected));
});

describe("moveCallProblems", () => {
  const framework = {
    source: "test",
    packages: { sui: "0x2" },
    testOnly: { functions: [] },
    functions: {
      "sui::coin::value": { visibility: "public" as const },
      "sui::coin::create_currency": { visibility: "public" as const, deprecated: "Use the Coin Registry" },
      "sui::display_registry::set": { visibility: "public" as const, since: "1.79.1" },
      "sui::address_alias::add": { visibility: "entry" as const },
      "sui::object::address_alias_state": { visibility: "package" as const },
    },
  };
  const problems = (line: string, sui = "1.76.1") => moveCallProblems(shellCommands(line)[0]!, framework, sui).map((p) => p.reason);
  it.each([
    ["sui client ptb --move-call 0x2::coin::value '<0x2::sui::SUI>' @0x1", []],
    ["sui client ptb --move-call $PKG::shop::buy", []],
    [
      "sui client ptb --move-call sui::coin::create_currency",
      ["sui::coin::create_currency: sui::coin::create_currency is deprecated: Use the Coin Registry"],
    ],
    ["sui client ptb --move-call 0x2::coin::vaule", ["0x2::coin::vaule: sui::coin::vaule does not exist in the pinned framework"]],
    [
      "sui client call --package 0x2 --module coin --function create_currency --args 1",
      ["0x2::coin::create_currency: sui::coin::create_currency is deprecated: Use the Coin Registry"],
    ],
    ["sui client call --package $PKG --module coin --function create_currency", []],
    // A transaction may call an entry function that is not public, but never a package-only one
    ["sui client ptb --move-call sui::address_alias::add @$ALIASES @$NEW", []],
    ["sui client call --package 0x2 --module address_alias --function add --args $ALIASES $NEW", []],
    [
      "sui client ptb --move-call sui::object::address_alias_state",
      ["sui::object::address_alias_state: sui::object::address_alias_state is package, not callable from a transaction"],
    ],
  ])("%s", (line, expected) => expect(problems(line)).toEqual(expected));

  it.each([
    ["1.79.1", []],
    [
      "1.76.1",
      [
        "0x2::display_registry::set: sui::display_registry::set first ships in Sui 1.79.1: the page must declare verified_with sui " +
          '"1.79.1" (it declares "1.76.1")',
      ],
    ],
  ])("a call newer than the pin on a page declaring sui %s", (sui, expected) => {
    expect(problems("sui client call --package 0x2 --module display_registry --function set --args $D $CAP k v", sui)).toEqual(expected);
    expect(problems("sui client ptb --move-call 0x2::display_registry::set @$D @$CAP '\"k\"' '\"v\"'", sui)).toEqual(expected);
  });
});
