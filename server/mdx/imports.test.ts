import { describe, expect, it } from "vitest";
import { importSpecifiers, resolveImport } from "./imports";

describe("importSpecifiers", () => {
  it.each([
    ["import Hello from '@site/snippets/hello.mdx';\n\n<Hello />", ["@site/snippets/hello.mdx"]],
    ['import A from "./a.mdx"\nimport B from "../b.mdx";', ["./a.mdx", "../b.mdx"]],
    ["  import {\n  X,\n  Y\n} from './xy.mdx';", ["./xy.mdx"]],
    ["import './side-effect.mdx';", ["./side-effect.mdx"]],
    ["Text that says import X from 'y' mid-line.", []],
    ["```js\nno imports here\n```", []],
  ])("%j imports %j", (source, specifiers) => {
    expect(importSpecifiers(source)).toEqual(specifiers);
  });
});

describe("resolveImport", () => {
  // "../secret.mdx" stands for a file beside the repository: found, but never to be read.
  const files = new Set([
    "snippets/a.mdx",
    "snippets/notes.md",
    "docs/guides/b.mdx",
    "components/C.tsx",
    "../secret.mdx",
    "/etc/secret.mdx",
  ]);
  it.each([
    ["docs/guides/x.mdx", "@site/snippets/a.mdx", "snippets/a.mdx"],
    ["docs/guides/x.mdx", "@site/snippets/a", "snippets/a.mdx"],
    ["docs/guides/x.mdx", "@site/snippets/notes", "snippets/notes.md"],
    ["docs/guides/x.mdx", "@site/./snippets/../snippets/a.mdx", "snippets/a.mdx"],
    ["docs/guides/x.mdx", "./b.mdx", "docs/guides/b.mdx"],
    ["docs/guides/x.mdx", "./b", "docs/guides/b.mdx"],
    ["snippets/a.mdx", "../docs/guides/b.mdx", "docs/guides/b.mdx"],
    // Code is never imported, only Markdown.
    ["docs/guides/x.mdx", "../../components/C", undefined],
    // Nothing outside the repository.
    ["docs/guides/x.mdx", "../../../secret.mdx", undefined],
    ["docs/guides/x.mdx", "@site/../secret.mdx", undefined],
    ["docs/guides/x.mdx", "@site//etc/secret.mdx", undefined],
    // Bare specifiers are packages, which pages may not import.
    ["docs/guides/x.mdx", "fs", undefined],
    ["docs/guides/x.mdx", "snippets/a.mdx", undefined],
    ["docs/guides/x.mdx", "@site/missing.mdx", undefined],
  ])("in %s, %s resolves to %s", (importer, specifier, expected) => {
    expect(resolveImport(importer, specifier, (p) => files.has(p))).toBe(expected);
  });
});
