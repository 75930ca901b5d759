import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { CodeBlock } from "./blocks";
import { listFiles } from "./content";
import type { Failure } from "./failure";

/**
 * Where the complete packages tutorials build are kept: in the content repository, so the site
 * serves them (at /static/examples/<name>/...) and a page can link to every file it shows.
 */
export const EXAMPLES_DIR = "content/static/examples";

/** A complete Move package a tutorial builds, kept whole in EXAMPLES_DIR/<name>/. */
export interface ExamplePackage {
  name: string;
  /** Its manifest and Move sources by package-relative path (`sources/garden.move`). */
  files: Map<string, string>;
}

/** Every folder of EXAMPLES_DIR in the checkout `root` with a Move.toml; only the manifest and `.move` files count as its code. */
export function readExamplePackages(root: string): ExamplePackage[] {
  const dir = path.join(root, EXAMPLES_DIR);
  if (!existsSync(dir)) return [];
  const packages: ExamplePackage[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const packageDir = path.join(dir, entry.name);
    if (!entry.isDirectory() || !existsSync(path.join(packageDir, "Move.toml"))) continue;
    const files = new Map<string, string>();
    for (const relative of listFiles(packageDir)) {
      // Build output and traces are the CLI's, not the tutorial's code.
      if (/^(build|traces)\//.test(relative)) continue;
      if (relative === "Move.toml" || relative.endsWith(".move"))
        files.set(relative, readFileSync(path.join(packageDir, relative), "utf8"));
    }
    packages.push({ name: entry.name, files });
  }
  return packages.sort((a, b) => a.name.localeCompare(b.name));
}

/** The packages' Move files as blocks, so they are parsed and their framework calls judged like the pages' blocks. */
export function exampleMoveBlocks(packages: ExamplePackage[]): CodeBlock[] {
  return packages.flatMap(({ name, files }) =>
    [...files]
      .filter(([file]) => file.endsWith(".move"))
      .map(([file, code]) => ({ file: `${EXAMPLES_DIR}/${name}/${file}`, fenceLine: 0, line: 1, lang: "move", meta: {}, code })),
  );
}

/**
 * A page block whose fence names `example="<package>"` and `title="<path>"` shows that file of
 * EXAMPLES_DIR/<package>/ and must be identical to it; every file of an example package must be shown
 * by such a block. So the folder a tutorial links to holds exactly the code its pages teach.
 */
export function checkExampleFiles(blocks: CodeBlock[], packages: ExamplePackage[]): Failure[] {
  const failures: Failure[] = [];
  const byName = new Map(packages.map((pkg) => [pkg.name, pkg]));
  const shown = new Set<string>();
  for (const block of blocks) {
    const name = block.meta.example;
    if (name === undefined) continue;
    const fail = (line: number, reason: string) => failures.push({ check: "examples", file: block.file, line, reason });
    const pkg = byName.get(name);
    const title = block.meta.title;
    if (!pkg) {
      fail(block.fenceLine, `example="${name}" names no package: ${EXAMPLES_DIR}/${name}/Move.toml does not exist`);
      continue;
    }
    const expected = title === undefined ? undefined : pkg.files.get(title);
    if (title === undefined || expected === undefined) {
      fail(block.fenceLine, `title="${title ?? ""}" is not a file of ${EXAMPLES_DIR}/${name}/ (${[...pkg.files.keys()].join(", ")})`);
      continue;
    }
    shown.add(`${name}/${title}`);
    const ours = block.code.trimEnd().split("\n");
    const theirs = expected.trimEnd().split("\n");
    const row = ours.findIndex((line, i) => line !== theirs[i]);
    const differs = row !== -1 ? row : ours.length !== theirs.length ? Math.min(ours.length, theirs.length) : -1;
    if (differs !== -1) {
      const page = JSON.stringify(ours[differs] ?? "(end of block)");
      const file = JSON.stringify(theirs[differs] ?? "(end of file)");
      fail(
        block.line + Math.min(differs, ours.length - 1),
        `differs from ${EXAMPLES_DIR}/${name}/${title} at its line ${differs + 1}: the page has ${page}, the file ${file}`,
      );
    }
  }
  for (const { name, files } of packages)
    for (const file of files.keys())
      if (!shown.has(`${name}/${file}`))
        failures.push({
          check: "examples",
          file: `${EXAMPLES_DIR}/${name}/${file}`,
          line: 1,
          reason: `no page shows this file: add a block with example="${name}" title="${file}" to the tutorial, or remove the file`,
        });
  return failures;
}
