import { readFileSync } from "node:fs";
import path from "node:path";

/** examples/facts/sui-framework.json: the public surface of std, sui, sui_system and legacy deepbook at the pinned Sui. */
export interface FrameworkFacts {
  source: string;
  /** Package name -> its address, e.g. sui -> 0x2. */
  packages: Record<string, string>;
  /** #[test_only] functions (the facts list leaves them out) that tests may call. */
  testOnly: { functions: string[] };
  /** "package::module::function" -> facts about it. */
  functions: Record<string, FunctionFact>;
}

export interface FunctionFact {
  visibility: "public" | "package" | "private" | "entry";
  macro?: true;
  deprecated?: string;
}

/** examples/facts/sui-cli.json: the `sui` command tree at the pinned Sui. */
export interface CliFacts {
  source: string;
  /** Flags every command accepts (clap's --help, --version). */
  alwaysAccepted: string[];
  /** Commands whose flags the tree cannot list (flattened clap structs): not checked. */
  flagsUnknown: { commands: string[] };
  /** "sui client publish" -> its subcommands and flags. */
  commands: Record<string, { subcommands: string[]; flags: string[] }>;
}

/** examples/pins.json: "today's Sui", the versions every example is verified with. */
export type Pins = Record<string, string>;

/** examples/retired.json: things pages must not teach any more. */
export interface RetiredFact {
  id: string;
  /** A JavaScript regular expression (source), matched case-sensitively. */
  pattern: string;
  reason: string;
  replacement: string;
  /** Only in code blocks of these fence languages (default: every code block). */
  langs?: string[];
  /** Also refuse it in prose (outside code), unless the paragraph says it is retired. */
  prose?: boolean;
  /** Page files (content/...) that may mention it in prose regardless, e.g. migration guides. */
  allowedOn?: string[];
}

export interface Facts {
  framework: FrameworkFacts;
  cli: CliFacts;
  pins: Pins;
  retired: RetiredFact[];
}

export function readFacts(root: string): Facts {
  const read = <T>(file: string): T => JSON.parse(readFileSync(path.join(root, "examples", file), "utf8")) as T;
  return {
    framework: read<FrameworkFacts>("facts/sui-framework.json"),
    cli: read<CliFacts>("facts/sui-cli.json"),
    pins: read<{ pins: Pins }>("pins.json").pins,
    retired: read<{ retired: RetiredFact[] }>("retired.json").retired,
  };
}
