import matter from "gray-matter";
import { parseVerifiedWith } from "../../server/content/frontmatter";
import type { CodeBlock, PageSource } from "./blocks";
import { compareVersions, type Pins } from "./facts";
import type { Failure } from "./failure";
import { MOVE_LANGS, SHELL_LANGS, TS_LANGS } from "./languages";
import { isSui } from "./shell";
import { commandWords, shellCommands, type Word } from "./shell-words";

/** The npm package an import specifier names: @mysten/sui/transactions -> @mysten/sui. */
export function packageOfSpecifier(specifier: string): string | undefined {
  if (specifier.startsWith(".") || specifier.startsWith("/") || specifier.startsWith("node:")) return undefined;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/** @mysten/* packages a TypeScript block imports. */
export function mystenImports(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["'](@mysten\/[^"']+)["']/g)) {
    found.add(packageOfSpecifier(match[1]!)!);
  }
  return [...found];
}

/** What a page's blocks need pinned: "sui" for Move, Move.toml and `sui` commands, and each @mysten package imported. */
export function requiredPins(blocks: CodeBlock[]): Set<string> {
  const required = new Set<string>();
  for (const block of blocks) {
    if (TS_LANGS[block.lang]) for (const name of mystenImports(block.code)) required.add(name);
    else if (MOVE_LANGS.has(block.lang) || (block.lang === "toml" && /(?:^|\/)Move\.toml$/.test(block.meta.title ?? "")))
      required.add("sui");
    else if (SHELL_LANGS.has(block.lang) && shellCommands(block.code).some((command) => isSui(commandWords(command)[0])))
      required.add("sui");
  }
  return required;
}

/** Whether a page has code the checker verifies against the pins at all (then it needs verified_with). */
function hasCheckedCode(blocks: CodeBlock[]): boolean {
  return blocks.some((block) => TS_LANGS[block.lang] || MOVE_LANGS.has(block.lang)) || requiredPins(blocks).size > 0;
}

/** A page's verified_with as name -> version, or why it cannot be read (`yaml`: the frontmatter itself is broken). */
export function readVerifiedWith(source: string): { ok: true; value: Map<string, string> } | { ok: false; error: string; yaml: boolean } {
  try {
    const parsed = parseVerifiedWith(matter(source, {}).data.verified_with);
    if (!parsed.ok) return { ok: false, error: parsed.error, yaml: false };
    return { ok: true, value: new Map(parsed.value.map((entry) => [entry.name, entry.version])) };
  } catch (error) {
    return { ok: false, error: `frontmatter is not valid YAML: ${(error as Error).message.split("\n")[0]}`, yaml: true };
  }
}

/**
 * The versions verified_with may name for a pinned key: the pin, and for "sui" also a later
 * release that examples/facts/sui-framework-additions.json lists (`suiReleases`), which a page
 * declares to call framework functions newer than the pin.
 */
export function acceptedVersions(name: string, pins: Pins, suiReleases: string[]): string[] {
  const pin = pins[name];
  if (pin === undefined) return [];
  return name === "sui" ? [pin, ...suiReleases.filter((release) => compareVersions(release, pin) > 0)] : [pin];
}

const INSTALLERS: Array<[string, string[]]> = [
  ["npm", ["install", "i", "add"]],
  ["pnpm", ["add", "install", "i"]],
  ["yarn", ["add"]],
  ["bun", ["add", "install", "i"]],
];

/** The package specs an install command names (`npm install @mysten/sui@2.33.1 react` -> both), or [] when it is none. */
export function installedSpecs(words: Word[]): Word[] {
  const [tool, verb, ...rest] = words;
  if (!tool || !verb || !INSTALLERS.some(([name, verbs]) => name === tool.text && verbs.includes(verb.text))) return [];
  return rest.filter((word) => !word.text.startsWith("-"));
}

/**
 * Pins (point 1 of the checker): a page with checked code declares `verified_with` naming
 * exactly the project's pins for what its code uses (for sui, the pin or a release of the
 * framework additions), and install commands name the pinned exact versions of @mysten packages.
 */
export function checkPins(page: PageSource, blocks: CodeBlock[], pins: Pins, suiReleases: string[] = []): Failure[] {
  const failures: Failure[] = [];
  const fail = (line: number, reason: string) => failures.push({ check: "pins", file: page.file, line, reason });
  // Keys are looked up in the frontmatter only, so a `sui:` line in the body cannot be mistaken for one.
  const all = page.source.split("\n");
  const lines = all[0]?.trim() === "---" ? all.slice(0, Math.max(all.indexOf("---", 1), 0)) : [];
  const keyLine = (key: string) => {
    const index = lines.findIndex((line) => new RegExp(`^\\s*["']?${key.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}["']?\\s*:`).test(line));
    return index === -1 ? 1 : index + 1;
  };

  let declared = new Map<string, string>();
  const read = readVerifiedWith(page.source);
  if (read.ok) declared = read.value;
  else fail(read.yaml ? 1 : keyLine("verified_with"), read.error);

  const required = requiredPins(blocks);
  if (hasCheckedCode(blocks) && declared.size === 0 && failures.length === 0) {
    const needed = [...required].filter((name) => pins[name]);
    fail(
      1,
      `page has checked code but no verified_with frontmatter; add: verified_with: { ${needed.map((name) => `"${name}": "${pins[name]}"`).join(", ")} }`,
    );
  } else if (declared.size > 0) {
    for (const [name, version] of declared) {
      if (!(name in pins))
        fail(keyLine(name), `verified_with names ${name}, which the project does not pin (pins: ${Object.keys(pins).join(", ")})`);
      else if (!acceptedVersions(name, pins, suiReleases).includes(version)) {
        const newer = acceptedVersions(name, pins, suiReleases).slice(1);
        const or = newer.length
          ? ` (or, to call framework functions newer than the pin, a release sui-framework-additions.json lists: ${newer.join(", ")})`
          : "";
        fail(keyLine(name), `verified_with.${name} is ${version}; the project pins ${pins[name]}${or}`);
      }
    }
    for (const name of required) {
      if (declared.has(name)) continue;
      if (name in pins)
        fail(keyLine("verified_with"), `the page's code uses ${name} but verified_with does not name it (add "${name}": "${pins[name]}")`);
    }
  }
  for (const name of required) {
    if (!(name in pins))
      fail(
        keyLine("verified_with"),
        `the page's code imports ${name}, which the project does not pin: teach a pinned package or pin it in examples/pins.json and package.json`,
      );
  }

  for (const block of blocks) {
    if (!SHELL_LANGS.has(block.lang)) continue;
    for (const command of shellCommands(block.code)) {
      for (const spec of installedSpecs(commandWords(command))) {
        const at = spec.text.indexOf("@", 1);
        const name = at === -1 ? spec.text : spec.text.slice(0, at);
        const version = at === -1 ? undefined : spec.text.slice(at + 1);
        if (!name.startsWith("@mysten/")) continue;
        const line = block.line + spec.row;
        if (!(name in pins))
          fail(
            line,
            `installs ${name}, which the project does not pin (pins: ${Object.keys(pins)
              .filter((p) => p !== "sui")
              .join(", ")})`,
          );
        else if (version !== pins[name]) fail(line, `installs ${spec.text}; write ${name}@${pins[name]} (the pinned exact version)`);
      }
    }
  }
  return failures;
}
