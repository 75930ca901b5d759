import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { CodeBlock } from "./blocks";
import { checkExampleFiles, EXAMPLES_DIR, exampleMoveBlocks, readExamplePackages } from "./example-packages";

const root = mkdtempSync(path.join(tmpdir(), "example-packages-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const MANIFEST = '[package]\nname = "garden"\nedition = "2024"\n';
const MODULE = "module garden::garden;\n\npublic fun one(): u64 { 1 }\n";
for (const [file, text] of [
  [`${EXAMPLES_DIR}/garden/Move.toml`, MANIFEST],
  [`${EXAMPLES_DIR}/garden/sources/garden.move`, MODULE],
  [`${EXAMPLES_DIR}/garden/build/garden/ignored.move`, "not the tutorial's code"],
  [`${EXAMPLES_DIR}/notes/readme.txt`, "a folder without a Move.toml"],
] as const) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

const block = (title: string, code: string, example = "garden"): CodeBlock => ({
  file: "content/docs/p.mdx",
  fenceLine: 9,
  line: 10,
  lang: title.endsWith(".toml") ? "toml" : "move",
  meta: { title, example },
  code,
});

describe("example packages", () => {
  const packages = readExamplePackages(root);

  it("reads folders with a Move.toml, their manifest and Move files only", () => {
    expect(packages.map((pkg) => [pkg.name, [...pkg.files.keys()].sort()])).toEqual([["garden", ["Move.toml", "sources/garden.move"]]]);
    expect(exampleMoveBlocks(packages).map((b) => b.file)).toEqual([`${EXAMPLES_DIR}/garden/sources/garden.move`]);
  });

  it("accepts pages that show every file exactly", () => {
    expect(checkExampleFiles([block("Move.toml", MANIFEST.trimEnd()), block("sources/garden.move", MODULE)], packages)).toEqual([]);
  });

  it("reports the first line where a page and the file differ", () => {
    const changed = MODULE.replace("{ 1 }", "{ 2 }");
    const failures = checkExampleFiles([block("Move.toml", MANIFEST), block("sources/garden.move", changed)], packages);
    expect(failures).toEqual([
      {
        check: "examples",
        file: "content/docs/p.mdx",
        line: 12,
        reason:
          `differs from ${EXAMPLES_DIR}/garden/sources/garden.move at its line 3: ` +
          'the page has "public fun one(): u64 { 2 }", the file "public fun one(): u64 { 1 }"',
      },
    ]);
  });

  it("reports a page block that stops short of the file", () => {
    const failures = checkExampleFiles([block("Move.toml", MANIFEST), block("sources/garden.move", "module garden::garden;")], packages);
    expect(failures.map((f) => f.reason)).toEqual([
      'differs from content/static/examples/garden/sources/garden.move at its line 2: the page has "(end of block)", the file ""',
    ]);
  });

  it("reports a file no page shows, an unknown package and an unknown file", () => {
    const failures = checkExampleFiles(
      [block("sources/garden.move", MODULE), block("Move.toml", MANIFEST, "orchard"), block("README.md", "")],
      packages,
    );
    expect(failures.map((f) => `${f.file}:${f.line}: ${f.reason}`)).toEqual([
      'content/docs/p.mdx:9: example="orchard" names no package: content/static/examples/orchard/Move.toml does not exist',
      'content/docs/p.mdx:9: title="README.md" is not a file of content/static/examples/garden/ (Move.toml, sources/garden.move)',
      `${EXAMPLES_DIR}/garden/Move.toml:1: no page shows this file: ` +
        'add a block with example="garden" title="Move.toml" to the tutorial, or remove the file',
    ]);
  });
});
