import { closingBracket, stripComments } from "./source-text";
/**
 * Just enough of Rust to read clap's derive API: structs and enums with their attributes,
 * fields and variants, `use` lines, and `&str` constants. Not a Rust parser: it relies on
 * rustfmt-formatted sources (one item per line start, balanced brackets).
 */

export interface RustField {
  /** Field name (named fields) or undefined (tuple fields). */
  name?: string;
  type: string;
  /** Attribute bodies of `#[clap(...)]`, `#[arg(...)]`, `#[command(...)]` (the text inside the parentheses). */
  clap: string[];
}

export interface RustVariant {
  name: string;
  clap: string[];
  /** Named fields `{ ... }`, tuple fields `( ... )`, or none (unit variant). */
  fields: RustField[];
  tuple: boolean;
}

export interface RustItem {
  kind: "struct" | "enum";
  name: string;
  /** Derive list, e.g. ["Parser", "Debug"]. */
  derives: string[];
  clap: string[];
  fields: RustField[];
  variants: RustVariant[];
  file: string;
}

/** Index just past the bracket matching the one at `open`; strings and char literals are skipped. */
export const closeOf = (text: string, open: number): number =>
  closingBracket(text, open, { pairs: { "(": ")", "[": "]", "{": "}" }, charLiterals: true });

/** Splits at top-level commas (outside (), [], {}, <> and strings). */
export function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      current += text.slice(i, j + 1);
      i = j;
      continue;
    }
    if (c === "-" && text[i + 1] === ">") {
      current += "->";
      i++;
      continue;
    }
    if ("([{<".includes(c)) depth++;
    else if (")]}>".includes(c)) depth--;
    if (c === "," && depth === 0) {
      parts.push(current);
      current = "";
    } else current += c;
  }
  parts.push(current);
  return parts.map((part) => part.trim()).filter((part) => part.length > 0);
}

/** Leading attributes of a member (`#[...]` blocks) and the rest of its text. */
function takeAttributes(text: string): { attributes: string[]; rest: string } {
  const attributes: string[] = [];
  let rest = text.trimStart();
  while (rest.startsWith("#[")) {
    const end = closeOf(rest, 1);
    attributes.push(rest.slice(2, end - 1));
    rest = rest.slice(end).trimStart();
  }
  return { attributes, rest };
}

/** Bodies of clap attributes among `attributes`: `clap(long)` -> "long". */
function clapBodies(attributes: string[]): string[] {
  const bodies: string[] = [];
  for (const attribute of attributes) {
    const match = /^\s*(clap|arg|command|structopt)\s*\(/.exec(attribute);
    if (match) bodies.push(attribute.slice(match[0].length, attribute.lastIndexOf(")")));
  }
  return bodies;
}

function parseFields(body: string, named: boolean): RustField[] {
  return splitTopLevel(body).map((member) => {
    const { attributes, rest } = takeAttributes(member);
    const clap = clapBodies(attributes);
    const text = rest.replace(/^pub(\s*\([^)]*\))?\s+/, "");
    if (!named) return { type: text.trim(), clap };
    const colon = text.indexOf(":");
    return { name: text.slice(0, colon).trim(), type: text.slice(colon + 1).trim(), clap };
  });
}

/** For each offset, whether it lies inside a string literal. */
function stringMask(text: string): Uint8Array {
  const mask = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "'" && /^'(\\.|[^\\'])'/.test(text.slice(i, i + 4))) {
      i += /^'(\\.|[^\\'])'/.exec(text.slice(i, i + 4))![0].length - 1;
    } else if (text[i] === '"') {
      const start = i;
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
      mask.fill(1, start, i + 1);
    }
  }
  return mask;
}

/** The attributes (`#[...]`, outermost first) written right before offset `end`. */
function attributesAbove(text: string, end: number, strings: Uint8Array): string[] {
  const attributes: string[] = [];
  let i = end;
  for (;;) {
    while (i > 0 && /\s/.test(text[i - 1]!)) i--;
    if (text[i - 1] !== "]") return attributes;
    let depth = 0;
    let j = i - 1;
    for (; j >= 0; j--) {
      if (strings[j]) continue;
      if (text[j] === "]") depth++;
      else if (text[j] === "[") {
        depth--;
        if (depth === 0) break;
      }
    }
    if (j <= 0 || text[j - 1] !== "#") return attributes;
    attributes.unshift(text.slice(j + 1, i - 1));
    i = j - 1;
  }
}

/** Every struct and enum of a Rust file, with its derives, clap attributes, fields and variants. */
export function rustItems(source: string, file: string): RustItem[] {
  const text = stripComments(source, { charLiterals: true });
  const items: RustItem[] = [];
  const strings = stringMask(text);
  for (const match of text.matchAll(/^[ \t]*(?:pub(?:\s*\([^)]*\))?\s+)?(struct|enum)\s+(\w+)\b/gm)) {
    const attributes = attributesAbove(text, match.index, strings);
    const derives = attributes
      .filter((attribute) => /^\s*derive\s*\(/.test(attribute))
      .flatMap((attribute) => attribute.slice(attribute.indexOf("(") + 1, attribute.lastIndexOf(")")).split(","))
      .map((name) => name.trim().split("::").pop()!)
      .filter(Boolean);
    const kind = match[1] as "struct" | "enum";
    let at = match.index + match[0].length;
    // Skip generics to the body opener.
    const opener = /[{(;]/.exec(text.slice(at));
    if (!opener) continue;
    at += opener.index;
    const item: RustItem = { kind, name: match[2]!, derives, clap: clapBodies(attributes), fields: [], variants: [], file };
    if (text[at] === ";") {
      items.push(item);
      continue;
    }
    const end = closeOf(text, at);
    const body = text.slice(at + 1, end - 1);
    if (kind === "struct") item.fields = parseFields(body, text[at] === "{");
    else
      for (const member of splitTopLevel(body)) {
        const { attributes: variantAttributes, rest } = takeAttributes(member);
        const name = /^\w+/.exec(rest)?.[0];
        if (!name) continue;
        const after = rest.slice(name.length).trimStart();
        const variant: RustVariant = { name, clap: clapBodies(variantAttributes), fields: [], tuple: false };
        if (after.startsWith("{")) variant.fields = parseFields(after.slice(1, closeOf(after, 0) - 1), true);
        else if (after.startsWith("(")) {
          variant.fields = parseFields(after.slice(1, closeOf(after, 0) - 1), false);
          variant.tuple = true;
        }
        item.variants.push(variant);
      }
    items.push(item);
  }
  return items;
}

/** `use` lines of a file as local name -> full path (`BuildConfig` -> `move_package_alt_compilation::build_config::BuildConfig`). */
export function rustUses(source: string): Map<string, string> {
  const uses = new Map<string, string>();
  const text = stripComments(source, { charLiterals: true });
  const expand = (prefix: string, tree: string) => {
    tree = tree.trim();
    const brace = tree.indexOf("{");
    if (brace !== -1 && tree.endsWith("}")) {
      const head = tree.slice(0, brace).replace(/::\s*$/, "");
      const base = [prefix, head].filter(Boolean).join("::");
      for (const part of splitTopLevel(tree.slice(brace + 1, -1))) expand(base, part);
      return;
    }
    const alias = /^(.*?)\s+as\s+(\w+)$/.exec(tree);
    const path = [prefix, alias ? alias[1]!.trim() : tree].filter(Boolean).join("::");
    if (path.endsWith("::*")) return;
    const local = alias ? alias[2]! : path.split("::").pop()!;
    if (local === "self") uses.set(path.split("::").slice(-2, -1)[0]!, path.replace(/::self$/, ""));
    else uses.set(local, path);
  };
  for (const match of text.matchAll(/^\s*(?:pub(?:\s*\([^)]*\))?\s+)?use\s+([^;]+);/gm)) expand("", match[1]!.replace(/\s+/g, " "));
  return uses;
}

/** `const NAME: &str = "value";` constants of a file. */
export function rustStrConstants(source: string): Map<string, string> {
  const constants = new Map<string, string>();
  for (const match of source.matchAll(/\bconst\s+(\w+)\s*:\s*&(?:'static\s+)?str\s*=\s*"([^"]*)"\s*;/g))
    constants.set(match[1]!, match[2]!);
  return constants;
}
