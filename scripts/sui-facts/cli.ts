import { readFileSync } from "node:fs";
import path from "node:path";
import { ClapTree, loadCrates, type CliCommand } from "./clap-tree";
import { rustStrConstants } from "./rust-items";

/** Where clap types of the `sui` binary live in the monorepo. */
const CRATE_ROOTS = ["crates", "external-crates/move/crates"];

/** `sui client ptb` parses its own arguments (clap sees one trailing list): its flags are the lexer's commands. */
const PTB_COMMAND = "sui client ptb";
const PTB_PARSER = "crates/sui/src/client_ptb/parser.rs";
const PTB_NAMES = "crates/sui/src/client_ptb/ast.rs";
const PTB_LEXER = "crates/sui/src/client_ptb/lexer.rs";

export interface GeneratedCli {
  commands: Record<string, CliCommand>;
  /** Commands some of whose clap types could not be found in the checkout: their flags are incomplete. */
  unresolved: Array<{ command: string; type: string }>;
}

/**
 * The `sui` command tree from the clap derive definitions of a monorepo checkout, starting at
 * `SuiCommand` in crates/sui, plus the flags of `sui client ptb` from its own parser.
 */
export function readCli(checkout: string): GeneratedCli {
  const tree = new ClapTree(checkout, loadCrates(checkout, CRATE_ROOTS));
  tree.build("sui", "SuiCommand", "sui");
  const commands = tree.facts();
  const ptb = commands[PTB_COMMAND];
  if (!ptb) throw new Error(`${PTB_COMMAND} is not in the clap tree`);
  ptb.flags = ptbFlags(checkout);
  ptb.sources = [...new Set([...ptb.sources, PTB_PARSER, PTB_NAMES, PTB_LEXER])].sort();
  return { commands, unresolved: tree.unresolved };
}

/**
 * The `--flags` the PTB parser accepts: every `L(T::Command, A::NAME)` arm of the parser (NAME
 * resolved in ast.rs), and the commands the lexer reads with their file argument
 * (`sp!(_, "publish") => ...`).
 */
export function ptbFlags(checkout: string): string[] {
  const names = rustStrConstants(readFileSync(path.join(checkout, PTB_NAMES), "utf8"));
  const parser = readFileSync(path.join(checkout, PTB_PARSER), "utf8");
  const flags = new Set<string>();
  for (const match of parser.matchAll(/L\(\s*T::Command\s*,\s*A::(\w+)\s*\)/g)) {
    const name = names.get(match[1]!);
    if (name === undefined) throw new Error(`${PTB_PARSER} names A::${match[1]}, which ${PTB_NAMES} does not define`);
    flags.add(`--${name}`);
  }
  const lexer = readFileSync(path.join(checkout, PTB_LEXER), "utf8");
  for (const match of lexer.matchAll(/sp!\(\s*_\s*,\s*"([a-z][a-z-]*)"\s*\)\s*=>/g)) flags.add(`--${match[1]}`);
  if (flags.size === 0) throw new Error(`no PTB commands found in ${PTB_PARSER}`);
  return [...flags].sort();
}
