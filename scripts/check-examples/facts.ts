import { readFileSync } from "node:fs";
import path from "node:path";

/** Where generated facts come from (scripts/sui-facts): the release and the upstream commit they were read at. */
export interface FactsOrigin {
  release: string;
  repository: string;
  commit: string;
  provenance: string;
}

/** examples/facts/sui-framework.json: every function of std, sui, sui_system and legacy deepbook at the pinned Sui. */
export interface FrameworkFacts extends Partial<FactsOrigin> {
  source: string;
  /** Package name -> its address, e.g. sui -> 0x2. */
  packages: Record<string, string>;
  /** "package::module" -> the upstream source file its functions were read from. */
  modules?: Record<string, string>;
  /** #[test_only] functions (the facts list leaves them out) that tests may call. */
  testOnly: { functions: string[] };
  /** "package::module::function" -> facts about it. */
  functions: Record<string, FunctionFact>;
}

export interface FunctionFact {
  visibility: "public" | "package" | "private" | "entry";
  macro?: true;
  deprecated?: string;
  /** The parameters as declared upstream. */
  params?: string[];
  /** Set on functions from examples/facts/sui-framework-additions.json: the Sui release that first ships them. */
  since?: string;
}

/** examples/facts/sui-framework-additions.json: framework modules newer than the pinned Sui that pages teach. */
export interface FrameworkAdditions {
  additions: Array<{
    module: string;
    /** The Sui release that first ships the module, e.g. "1.68.0". */
    since: string;
    releaseEvidence: string[];
    sources: string[];
    functions: Record<string, FunctionFact>;
  }>;
}

/** examples/facts/sui-cli.json: the `sui` command tree at the pinned Sui. */
export interface CliFacts extends Partial<FactsOrigin> {
  source: string;
  /** Flags every command accepts (clap's --help, --version). */
  alwaysAccepted: string[];
  /** Commands whose flags the tree cannot list (flattened clap structs): not checked. */
  flagsUnknown: { commands: string[] };
  /** "sui client publish" -> its subcommands and flags. */
  commands: Record<string, { subcommands: string[]; flags: string[]; sources?: string[] }>;
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
  /** The pinned framework plus its additions (each marked with `since`). */
  framework: FrameworkFacts;
  /** The releases the additions name, oldest first: the only values besides the pin verified_with.sui may take. */
  suiReleases: string[];
  cli: CliFacts;
  pins: Pins;
  retired: RetiredFact[];
}

export function readFacts(root: string): Facts {
  const read = <T>(file: string): T => JSON.parse(readFileSync(path.join(root, "examples", file), "utf8")) as T;
  const additions = read<FrameworkAdditions>("facts/sui-framework-additions.json");
  return {
    framework: withAdditions(read<FrameworkFacts>("facts/sui-framework.json"), additions),
    suiReleases: [...new Set(additions.additions.map((addition) => addition.since))].sort(compareVersions),
    cli: read<CliFacts>("facts/sui-cli.json"),
    pins: read<{ pins: Pins }>("pins.json").pins,
    retired: read<{ retired: RetiredFact[] }>("retired.json").retired,
  };
}

/**
 * The pinned facts with the additions' functions, each marked with its module's release. An
 * addition that names a function the pinned framework already has, or lies outside its module,
 * is a mistake in the data file, not something to merge quietly.
 */
export function withAdditions(framework: FrameworkFacts, additions: FrameworkAdditions): FrameworkFacts {
  const functions = { ...framework.functions };
  for (const { module, since, functions: added } of additions.additions) {
    for (const [name, fact] of Object.entries(added)) {
      if (!name.startsWith(`${module}::`)) throw new Error(`sui-framework-additions.json: ${name} is listed under ${module}`);
      if (name in framework.functions) throw new Error(`sui-framework-additions.json: ${name} is already in the pinned framework facts`);
      functions[name] = { ...fact, since };
    }
  }
  return { ...framework, functions };
}

/** Orders exact versions "major.minor.patch" numerically (1.9.0 before 1.10.0). */
export function compareVersions(a: string, b: string): number {
  const [pa, pb] = [a, b].map((version) => version.split(/[.-]/).slice(0, 3).map(Number));
  for (let i = 0; i < 3; i++) if (pa![i] !== pb![i]) return (pa![i] ?? 0) - (pb![i] ?? 0);
  return 0;
}
