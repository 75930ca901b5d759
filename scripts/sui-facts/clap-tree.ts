import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { rustItems, rustStrConstants, rustUses, splitTopLevel, type RustField, type RustItem } from "./rust-items";

/** One command of the tree: its subcommands and flags, and the source files its definition was read from. */
export interface CliCommand {
  subcommands: string[];
  flags: string[];
  sources: string[];
  /** Takes a trailing list of raw arguments that it hands on (clap `trailing_var_arg` + `allow_hyphen_values`): its flags are not clap's. */
  forwards?: true;
}

interface Crate {
  ident: string;
  dir: string;
  items: RustItem[];
  uses: Map<string, Map<string, string>>;
}

/** The crates of a monorepo checkout under `roots` (relative), indexed by their Rust identifier. */
export function loadCrates(checkout: string, roots: string[]): Map<string, Crate> {
  const crates = new Map<string, Crate>();
  for (const root of roots) {
    const base = path.join(checkout, root);
    for (const manifest of findFiles(base, (name) => name === "Cargo.toml")) {
      const name = /\[package\][^[]*?\bname\s*=\s*"([^"]+)"/.exec(readFileSync(manifest, "utf8"))?.[1];
      if (!name) continue;
      const dir = path.dirname(manifest);
      const src = path.join(dir, "src");
      const crate: Crate = { ident: name.replace(/-/g, "_"), dir: path.relative(checkout, dir), items: [], uses: new Map() };
      for (const file of safeFind(src, (file) => file.endsWith(".rs"))) {
        const relative = path.relative(checkout, file);
        if (/\/(tests|unit_tests)\//.test(relative) || /_tests?\.rs$/.test(relative)) continue;
        const source = readFileSync(file, "utf8");
        crate.items.push(...rustItems(source, relative));
        crate.uses.set(relative, rustUses(source));
      }
      crates.set(crate.ident, crate);
    }
  }
  return crates;
}

function safeFind(dir: string, keep: (file: string) => boolean): string[] {
  try {
    return findFiles(dir, keep);
  } catch {
    return [];
  }
}

/** Files below `dir` that `keep` accepts, sorted; `target/` and hidden directories are skipped. */
export function findFiles(dir: string, keep: (name: string) => boolean): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    if (entry.startsWith(".") || entry === "target" || entry === "node_modules") continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) found.push(...findFiles(full, keep));
    else if (keep(entry)) found.push(full);
  }
  return found;
}

const CLAP_DERIVES = new Set(["Parser", "Args", "Subcommand"]);

/** `Option<Box<T>>` -> `T`, `a::b::T` kept with its path. */
function innerType(type: string): string {
  let current = type.trim();
  for (;;) {
    const match = /^(?:Option|Box)\s*<(.*)>$/s.exec(current);
    if (!match) return current;
    current = match[1]!.trim();
  }
}

const kebab = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/_/g, "-")
    .toLowerCase();

/** Settings of a clap attribute body (`long = "x", short, alias = "y"`) as key -> raw values. */
function settings(bodies: string[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const body of bodies)
    for (const part of splitTopLevel(body)) {
      const match = /^(\w+)\s*(?:=\s*([\s\S]+)|\(([\s\S]*)\))?$/.exec(part.trim());
      if (!match) continue;
      const value = (match[2] ?? match[3] ?? "").trim();
      found.set(match[1]!, [...(found.get(match[1]!) ?? []), value]);
    }
  return found;
}

export class ClapTree {
  readonly commands = new Map<string, CliCommand>();
  /** Where a type reference could not be resolved to a clap type: path -> type. */
  readonly unresolved: Array<{ command: string; type: string }> = [];
  private readonly constants = new Map<string, string>();

  constructor(
    private readonly checkout: string,
    private readonly crates: Map<string, Crate>,
  ) {
    for (const crate of crates.values())
      for (const file of crate.uses.keys())
        for (const [name, value] of rustStrConstants(readFileSync(path.join(checkout, file), "utf8"))) this.constants.set(name, value);
  }

  /** Builds the tree from the clap enum or struct `rootType` of crate `rootCrate`, named `rootName`. */
  build(rootCrate: string, rootType: string, rootName: string): void {
    const crate = this.crates.get(rootCrate);
    const item = crate?.items.find((candidate) => candidate.name === rootType && candidate.derives.some((d) => CLAP_DERIVES.has(d)));
    if (!crate || !item) throw new Error(`clap root ${rootCrate}::${rootType} not found in the checkout`);
    this.addItem(rootName, item, crate);
  }

  private node(command: string): CliCommand {
    let node = this.commands.get(command);
    if (!node) this.commands.set(command, (node = { subcommands: [], flags: [], sources: [] }));
    return node;
  }

  /** Adds an item's flags (struct) or subcommands (enum) to `command`. */
  private addItem(command: string, item: RustItem, crate: Crate): void {
    const node = this.node(command);
    if (!node.sources.includes(item.file)) node.sources.push(item.file);
    if (item.kind === "struct") {
      for (const field of item.fields) this.addField(command, field, item, crate);
      return;
    }
    for (const variant of item.variants) {
      const variantSettings = settings(variant.clap);
      if (variantSettings.has("skip")) continue;
      if (variantSettings.has("flatten") && variant.tuple) {
        this.addType(command, variant.fields[0]!.type, item, crate);
        continue;
      }
      const name = unquote(variantSettings.get("name")?.[0]) ?? kebab(variant.name);
      const child = `${command} ${name}`;
      node.subcommands.push(name);
      for (const alias of [...(variantSettings.get("alias") ?? []), ...(variantSettings.get("visible_alias") ?? [])])
        node.subcommands.push(unquote(alias)!);
      // A variant's own fields are declared where the enum is.
      const childNode = this.node(child);
      if (!variant.tuple && !childNode.sources.includes(item.file)) childNode.sources.push(item.file);
      if (variant.tuple) {
        const type = variant.fields[0]?.type;
        if (type) this.addType(child, type, item, crate);
      } else for (const field of variant.fields) this.addField(child, field, item, crate);
    }
  }

  private addField(command: string, field: RustField, owner: RustItem, crate: Crate): void {
    const fieldSettings = settings(field.clap);
    if (fieldSettings.has("skip")) return;
    if (fieldSettings.has("flatten") || fieldSettings.has("subcommand")) {
      this.addType(command, field.type, owner, crate);
      return;
    }
    const node = this.node(command);
    if (fieldSettings.has("trailing_var_arg") && fieldSettings.has("allow_hyphen_values")) node.forwards = true;
    // A bare `long` or `short` takes the arg's id: `name = "x"` (or `id`) as written, else the field's name.
    const argName = unquote(fieldSettings.get("id")?.[0] ?? fieldSettings.get("name")?.[0]) ?? kebab(field.name ?? "");
    for (const value of fieldSettings.get("long") ?? []) node.flags.push(`--${value ? this.resolve(value) : argName}`);
    for (const value of fieldSettings.get("short") ?? []) node.flags.push(`-${value ? this.resolve(value) : argName[0]}`);
    for (const key of ["alias", "visible_alias"])
      for (const value of fieldSettings.get(key) ?? []) node.flags.push(`--${this.resolve(value)}`);
    for (const key of ["aliases", "visible_aliases"])
      for (const value of fieldSettings.get(key) ?? [])
        for (const alias of splitTopLevel(value.replace(/^&?\[|\]$/g, ""))) node.flags.push(`--${this.resolve(alias)}`);
    for (const key of ["short_alias", "visible_short_alias"])
      for (const value of fieldSettings.get(key) ?? []) node.flags.push(`-${this.resolve(value)}`);
  }

  /** A clap attribute value: a string or char literal, or a `&str` constant of the checkout. */
  private resolve(value: string): string {
    const literal = unquote(value);
    if (literal !== undefined) return literal;
    const constant = this.constants.get(value.split("::").pop()!.trim());
    if (constant === undefined) throw new Error(`clap value ${value} is neither a literal nor a known constant`);
    return constant;
  }

  /** Adds the clap type a field or tuple variant names (resolved through the file's `use` lines). */
  private addType(command: string, typeText: string, owner: RustItem, crate: Crate): void {
    const type = innerType(typeText);
    const found = this.findType(type, owner.file, crate);
    if (!found) {
      this.unresolved.push({ command, type });
      return;
    }
    this.addItem(command, found.item, found.crate);
  }

  private findType(type: string, file: string, crate: Crate): { item: RustItem; crate: Crate } | undefined {
    const segments = type.replace(/<[\s\S]*$/, "").split("::");
    let name = segments.pop()!;
    const uses = crate.uses.get(file) ?? new Map<string, string>();
    // The crate the reference points into: through a `use` (`MoveBuildConfig` -> move_package_alt_compilation::...::BuildConfig,
    // `SR2::ReplayConfigStable` -> sui_replay_2), a crate path, or else this crate (`build::Build` names a module of it).
    let full = segments.length > 0 ? [...(uses.get(segments[0]!) ?? segments[0]!).split("::"), ...segments.slice(1), name] : undefined;
    if (!full && uses.has(name)) full = uses.get(name)!.split("::");
    if (full) name = full[full.length - 1]!;
    const head = full?.[0];
    const crateIdent = head && this.crates.has(head) ? head : crate.ident;
    const isClap = (item: RustItem) => item.name === name && item.derives.some((d) => CLAP_DERIVES.has(d));
    const target = this.crates.get(crateIdent);
    const inTarget = target?.items.filter(isClap) ?? [];
    if (inTarget.length > 0 && target) {
      const sameFile = inTarget.find((item) => item.file === file);
      return { item: sameFile ?? inTarget[0]!, crate: target };
    }
    // Re-exported from another crate (`pub use other::Type`): accept a single clap type of that name anywhere.
    const everywhere = [...this.crates.values()].flatMap((candidate) =>
      candidate.items.filter(isClap).map((item) => ({ item, crate: candidate })),
    );
    return everywhere.length === 1 ? everywhere[0] : undefined;
  }

  /** The tree as the checker's facts shape: sorted, de-duplicated. */
  facts(): Record<string, CliCommand> {
    const out: Record<string, CliCommand> = {};
    for (const [name, node] of this.commands)
      out[name] = {
        subcommands: [...new Set(node.subcommands)].sort(),
        flags: [...new Set(node.flags)].sort(),
        sources: [...new Set(node.sources)].sort(),
        ...(node.forwards ? { forwards: true as const } : {}),
      };
    return out;
  }
}

function unquote(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const match = /^"((?:[^"\\]|\\.)*)"$|^'(\\.|[^\\'])'$/.exec(value.trim());
  return match ? (match[1] ?? match[2]) : undefined;
}

export function readCheckoutFile(checkout: string, file: string): string {
  return readFileSync(path.join(checkout, file), "utf8");
}
