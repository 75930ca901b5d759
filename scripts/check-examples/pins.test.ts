import { describe, expect, it } from "vitest";
import { extractPage } from "./blocks";
import { acceptedVersions, checkPins, mystenImports } from "./pins";

const pins = { sui: "1.76.1", "@mysten/sui": "2.33.1", "@mysten/bcs": "2.1.2" };
/** Releases the framework additions list; 1.60.0 is older than the pin and never accepted. */
const suiReleases = ["1.60.0", "1.79.1"];

function page(frontmatter: string, body: string) {
  const source = `---\nid: p\ntitle: P\ndescription: D.\n${frontmatter}---\n${body}`;
  const file = "content/docs/p.mdx";
  return checkPins({ file, source }, extractPage({ file, source }).blocks, pins, suiReleases).map((f) => `${f.line}: ${f.reason}`);
}

const TS = "```ts\nimport { Transaction } from '@mysten/sui/transactions';\nimport { bcs } from \"@mysten/bcs\";\n```\n";
const SH = "```sh\nsui client gas\n```\n";

describe("mystenImports", () => {
  it("names packages, not subpaths, of static and dynamic imports", () => {
    expect(
      mystenImports("import { a } from '@mysten/sui/client';\nconst m = await import(\"@mysten/bcs\");\nimport x from 'react';"),
    ).toEqual(["@mysten/sui", "@mysten/bcs"]);
  });
});

describe("acceptedVersions", () => {
  it.each([
    ["sui", ["1.76.1", "1.79.1"]],
    ["@mysten/sui", ["2.33.1"]],
    ["@mysten/kiosk", []],
  ])("%s", (name, expected) => expect(acceptedVersions(name, pins, suiReleases)).toEqual(expected));
});

describe("checkPins", () => {
  it.each([
    ["a page without checked code needs nothing", "", "```text\nsui client gas\n```\n", []],
    [
      "a page with code and the right pins passes",
      'verified_with:\n  sui: "1.76.1"\n  "@mysten/sui": "2.33.1"\n  "@mysten/bcs": "2.1.2"\n',
      TS + SH,
      [],
    ],
    [
      "missing verified_with says what to add",
      "",
      SH,
      ['1: page has checked code but no verified_with frontmatter; add: verified_with: { "sui": "1.76.1" }'],
    ],
    [
      "an old version names the pin",
      'verified_with:\n  sui: "1.62.0"\n',
      SH,
      [
        "6: verified_with.sui is 1.62.0; the project pins 1.76.1 " +
          "(or, to call framework functions newer than the pin, a release sui-framework-additions.json lists: 1.79.1)",
      ],
    ],
    ["a release of the framework additions is accepted for sui", 'verified_with:\n  sui: "1.79.1"\n', SH, []],
    [
      "a newer sui release the additions do not list is refused",
      'verified_with:\n  sui: "1.70.0"\n',
      SH,
      [
        "6: verified_with.sui is 1.70.0; the project pins 1.76.1 " +
          "(or, to call framework functions newer than the pin, a release sui-framework-additions.json lists: 1.79.1)",
      ],
    ],
    [
      "a sui release is not a version of an npm package",
      'verified_with:\n  "@mysten/sui": "1.79.1"\n',
      "```ts\nimport '@mysten/sui/client';\n```\n",
      ["6: verified_with.@mysten/sui is 1.79.1; the project pins 2.33.1"],
    ],
    [
      "an unpinned name is refused",
      'verified_with:\n  sui: "1.76.1"\n  "@mysten/kiosk": "0.14.6"\n',
      SH,
      ["7: verified_with names @mysten/kiosk, which the project does not pin (pins: sui, @mysten/sui, @mysten/bcs)"],
    ],
    [
      "a package the code imports must be named",
      'verified_with:\n  "@mysten/sui": "2.33.1"\n',
      TS,
      ['5: the page\'s code uses @mysten/bcs but verified_with does not name it (add "@mysten/bcs": "2.1.2")'],
    ],
    [
      "an unquoted, inexact version is malformed",
      "verified_with:\n  sui: 1.63\n",
      SH,
      ['5: frontmatter verified_with.sui must be an exact version in quotes, such as "1.2.3" (got 1.63)'],
    ],
    [
      "npm install names the pinned exact version",
      'verified_with:\n  sui: "1.76.1"\n',
      "```sh\nnpm install @mysten/sui@2.33.1 react\n```\n",
      [],
    ],
    [
      "npm install without a version fails",
      'verified_with:\n  sui: "1.76.1"\n',
      "```sh\nnpm i @mysten/sui\n```\n",
      ["9: installs @mysten/sui; write @mysten/sui@2.33.1 (the pinned exact version)"],
    ],
    [
      "pnpm add of another version fails",
      'verified_with:\n  sui: "1.76.1"\n',
      "```sh\npnpm add -D @mysten/bcs@^2.0.0\n```\n",
      ["9: installs @mysten/bcs@^2.0.0; write @mysten/bcs@2.1.2 (the pinned exact version)"],
    ],
  ])("%s", (_, frontmatter, body, expected) => expect(page(frontmatter, body)).toEqual(expected));
});
