// `npx tsx scripts/sui-facts/main.ts <checkout> --release <x.y.z> --commit <sha> [--repository owner/name] [--provenance <text>]`
//
// Regenerates examples/facts/sui-framework.json (every function of std, sui, sui_system and the
// legacy deepbook package) and examples/facts/sui-cli.json (the `sui` command tree) from a checkout
// or archive of the Sui monorepo at a release. Reads only the checkout: no network. The release,
// commit and provenance are recorded in both files with the source path of every module and command.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { readCli } from "./cli";
import { readFramework } from "./framework";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    release: { type: "string" },
    commit: { type: "string" },
    repository: { type: "string", default: "MystenLabs/sui" },
    provenance: { type: "string", default: "" },
  },
});
const checkout = positionals[0];
if (!checkout || !values.release || !/^\d+\.\d+\.\d+$/.test(values.release) || !values.commit || !/^[0-9a-f]{40}$/.test(values.commit)) {
  console.error(
    "usage: tsx scripts/sui-facts/main.ts <checkout> --release <x.y.z> --commit <40-hex sha> [--repository owner/name] [--provenance <text>]",
  );
  process.exit(2);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const origin = {
  release: values.release,
  repository: values.repository!,
  commit: values.commit,
  provenance: values.provenance!,
  generatedBy: "scripts/sui-facts/main.ts (paths below are relative to the repository at that commit)",
};

const framework = readFramework(path.resolve(checkout));
const frameworkFacts = {
  source:
    `Sui ${values.release} framework: move-stdlib, sui-framework, sui-system and deepbook packages of ${values.repository} at ${values.commit.slice(0, 10)}, ` +
    `read from their Move sources by scripts/sui-facts`,
  ...origin,
  packages: framework.packages,
  modules: framework.modules,
  testOnlyModules: framework.testOnlyModules,
  testOnly: {
    about:
      "#[test_only] functions of ordinary modules are not in `functions`; tests may call these and any `<name>_for_testing` of an existing module",
    functions: framework.testOnly,
  },
  functions: framework.functions,
};

const cli = readCli(path.resolve(checkout));
if (cli.unresolved.length > 0) {
  console.error("clap types not found in the checkout (their flags would be missing):");
  for (const { command, type } of cli.unresolved) console.error(`  ${command}: ${type}`);
  process.exit(1);
}
const forwarding = Object.entries(cli.commands)
  .filter(([, command]) => command.forwards)
  .map(([name]) => name)
  .filter((name) => name !== "sui client ptb");
const cliFacts = {
  source:
    `sui CLI of Sui ${values.release}: the clap definitions of ${values.repository} at ${values.commit.slice(0, 10)} ` +
    `from \`SuiCommand\` (crates/sui/src/sui_commands.rs) down, ` +
    `read by scripts/sui-facts; ` +
    `\`sui client ptb\` parses its own arguments, so its flags come from its lexer and parser`,
  ...origin,
  alwaysAccepted: ["--help", "-h", "--version", "-V"],
  flagsUnknown: {
    about: "commands that hand their arguments on to another tool (clap trailing_var_arg): their flags are not checked",
    commands: forwarding,
  },
  commands: Object.fromEntries(
    Object.entries(cli.commands).map(([name, { subcommands, flags, sources }]) => [name, { subcommands, flags, sources }]),
  ),
};

writeFileSync(path.join(root, "examples/facts/sui-framework.json"), `${JSON.stringify(frameworkFacts, null, 1)}\n`);
writeFileSync(path.join(root, "examples/facts/sui-cli.json"), `${JSON.stringify(cliFacts, null, 1)}\n`);
console.log(
  `sui-framework.json: ${Object.keys(framework.functions).length} functions in ${Object.keys(framework.modules).length} modules; ` +
    `sui-cli.json: ${Object.keys(cli.commands).length} commands`,
);
