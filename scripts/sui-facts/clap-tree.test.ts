import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClapTree, loadCrates } from "./clap-tree";
import { rustItems, rustUses } from "./rust-items";

describe("rustItems", () => {
  it("reads derives, multi-line clap attributes, fields and variants, ignoring comments and char literals", () => {
    const source = `
/// Doc with { an unbalanced brace
#[derive(Parser)]
#[clap(
    rename_all = "kebab-case",
    about = "Commands [and more]"
)]
pub enum Cmd {
    /// Unit variant.
    #[clap(name = "active-address")]
    ActiveAddress,
    Publish {
        #[clap(long, short = 'c')]
        cap: Option<String>,
        // field comment with ')'
        #[clap(flatten)]
        opts: Opts,
    },
    Nested(inner::Inner),
}`;
    const [item] = rustItems(source, "f.rs");
    expect(item).toMatchObject({ kind: "enum", name: "Cmd", derives: ["Parser"] });
    expect(item!.variants.map((variant) => [variant.name, variant.tuple, variant.fields.map((field) => field.name ?? field.type)])).toEqual(
      [
        ["ActiveAddress", false, []],
        ["Publish", false, ["cap", "opts"]],
        ["Nested", true, ["inner::Inner"]],
      ],
    );
    expect(item!.variants[1]!.fields[0]!.clap).toEqual(["long, short = 'c'"]);
  });

  it("maps use lines, groups and aliases to full paths", () => {
    const uses = rustUses("use a::b::{C, d::E as F, self};\nuse g as H;\nuse crate::x::Y;\n");
    expect(Object.fromEntries(uses)).toEqual({ C: "a::b::C", F: "a::b::d::E", b: "a::b", H: "g", Y: "crate::x::Y" });
  });
});

describe("ClapTree", () => {
  let checkout: string;
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(checkout, file)), { recursive: true });
    writeFileSync(path.join(checkout, file), text);
  };

  beforeAll(() => {
    checkout = mkdtempSync(path.join(tmpdir(), "clap-tree-"));
    write("crates/cli/Cargo.toml", '[package]\nname = "cli"\n');
    write(
      "crates/cli/src/lib.rs",
      `use build_lib::Config as BuildConfig;
use sub_lib as S;
const JSON_ERRORS: &str = "json-errors";
#[derive(Parser)]
pub enum Root {
    #[clap(name = "client")]
    Client {
        #[clap(long = "client.config")]
        config: Option<PathBuf>,
        #[clap(subcommand)]
        cmd: Option<ClientCommand>,
    },
    Move(S::MoveArgs),
    Hidden,
}
#[derive(Subcommand)]
pub enum ClientCommand {
    Publish {
        #[clap(long, alias = "gas-limit")]
        gas_budget: Option<u64>,
        #[clap(short, long = JSON_ERRORS)]
        json: bool,
        /// The arg's name is its id, which a bare \`long\` and \`short\` take as written.
        #[clap(name = "print-only", long, short)]
        print_unsigned_transaction_only: bool,
        #[clap(flatten)]
        build: BuildConfig,
        /// A positional argument: no flag.
        path: PathBuf,
    },
}`,
    );
    write("crates/build-lib/Cargo.toml", '[package]\nname = "build-lib"\n');
    write(
      "crates/build-lib/src/lib.rs",
      "#[derive(Parser)]\npub struct Config {\n    #[clap(long = \"build-env\", short = 'e')]\n    pub env: Option<String>,\n}\n",
    );
    write("crates/sub-lib/Cargo.toml", '[package]\nname = "sub-lib"\n');
    write(
      "crates/sub-lib/src/lib.rs",
      "#[derive(Parser)]\npub struct MoveArgs {\n    #[clap(trailing_var_arg = true, allow_hyphen_values = true)]\n    pub rest: Vec<String>,\n}\n",
    );
  });
  afterAll(() => rmSync(checkout, { recursive: true, force: true }));

  it("walks subcommands, flattened and aliased types across crates, and constants", () => {
    const tree = new ClapTree(checkout, loadCrates(checkout, ["crates"]));
    tree.build("cli", "Root", "sui");
    expect(tree.unresolved).toEqual([]);
    const facts = tree.facts();
    expect(facts["sui"]!.subcommands).toEqual(["client", "hidden", "move"]);
    expect(facts["sui client"]!.flags).toEqual(["--client.config"]);
    expect(facts["sui client publish"]).toEqual({
      subcommands: [],
      flags: ["--build-env", "--gas-budget", "--gas-limit", "--json-errors", "--print-only", "-e", "-j", "-p"],
      sources: ["crates/build-lib/src/lib.rs", "crates/cli/src/lib.rs"],
    });
    expect(facts["sui move"]).toMatchObject({ flags: [], forwards: true, sources: ["crates/sub-lib/src/lib.rs"] });
  });

  it("reports a type it cannot find instead of guessing", () => {
    write("crates/cli/src/extra.rs", "#[derive(Parser)]\npub enum Other {\n    Thing(missing::Gone),\n}\n");
    const tree = new ClapTree(checkout, loadCrates(checkout, ["crates"]));
    tree.build("cli", "Other", "x");
    expect(tree.unresolved).toEqual([{ command: "x thing", type: "missing::Gone" }]);
  });
});
