import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { CodeBlock } from "./blocks";
import { asGlobals, checkTypeScript, type Preamble } from "./typescript";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
let page = 0;
/** Each block on a page of its own unless `file` says otherwise; its code starts on line 11. */
const block = (code: string, meta: Record<string, string> = {}, lang = "ts", file = `content/docs/p${++page}.mdx`): CodeBlock => ({
  file,
  fenceLine: 10,
  line: 11,
  lang,
  meta,
  code,
});

const preambles = new Map<string, Preamble>([
  [
    "client",
    {
      file: "content/preambles/client.ts",
      text: [
        'import type { SuiGrpcClient } from "@mysten/sui/grpc";',
        'import type { Transaction } from "@mysten/sui/transactions";',
        "",
        "declare const client: SuiGrpcClient;",
        "declare const tx: Transaction;",
        "",
      ].join("\n"),
    },
  ],
]);

describe("asGlobals", () => {
  it("wraps everything after the imports in declare global, keeping lines", () => {
    const text = 'import type { A } from "a";\n\ndeclare const a: A;\nexport declare function f(): void;\n';
    const result = asGlobals(text);
    expect(result.split("\n").slice(0, 4)).toEqual([
      'import type { A } from "a";',
      "",
      "declare global {         const a: A;",
      "               function f(): void;",
    ]);
    expect(result).toContain("export {};");
  });
});

describe("checkTypeScript", () => {
  // One call with every case: a Program over the pinned packages costs seconds, not milliseconds.
  const good = block(
    [
      'import { SuiGrpcClient } from "@mysten/sui/grpc";',
      'const client = new SuiGrpcClient({ baseUrl: "https://fullnode.testnet.sui.io:443", network: "testnet" });',
      "const { referenceGasPrice } = await client.getReferenceGasPrice();",
      "console.log(referenceGasPrice);",
    ].join("\n"),
  );
  const retiredImport = block('import { SuiClient } from "@mysten/sui/client";\nconsole.log(SuiClient);');
  const fragment = block("const gas = await client.getReferenceGasPrice();\ntx.setGasPrice(BigInt(gas.referenceGasPrice));", {
    preamble: "client",
  });
  const fragmentRedeclares = block(
    [
      'import { Transaction } from "@mysten/sui/transactions";',
      "const tx = new Transaction();",
      "await client.signAndExecuteTransaction({ transaction: tx, signer: undefined as never });",
    ].join("\n"),
    { preamble: "client" },
  );
  const bareFragment = block("await client.getReferenceGasPrice();");
  const unknownPreamble = block("x;", { preamble: "nope" });
  const constants = block("export const PACKAGE_ID = '0x2';", { title: "src/constants.ts" }, "ts", "content/docs/app.mdx");
  const app = {
    ...block(
      "import { PACKAGE_ID } from './constants';\nconst n: number = PACKAGE_ID;",
      { title: "src/app.tsx" },
      "tsx",
      "content/docs/app.mdx",
    ),
    line: 21,
  };
  // Two pages register different types for the same module augmentation: each must see only its own.
  const register = (value: string, file: string) =>
    block(
      [
        `import type {} from "@mysten/dapp-kit-react";`,
        `declare module "@mysten/dapp-kit-react" {`,
        `  interface Register {`,
        `    example: ${value};`,
        `  }`,
        `}`,
        `export {};`,
      ].join("\n"),
      {},
      "ts",
      file,
    );
  const registerA = register("string", "content/docs/reg-a.mdx");
  const registerB = register("number", "content/docs/reg-b.mdx");
  const failures = checkTypeScript(
    [
      registerA,
      registerB,
      good,
      retiredImport,
      fragment,
      fragmentRedeclares,
      bareFragment,
      unknownPreamble,
      constants,
      app,
      block("not code", {}, "text"),
    ],
    preambles,
    root,
  );
  const at = (b: CodeBlock) =>
    failures
      .filter((f) => f.file === b.file && f.line >= b.line - 1 && f.line < b.line + b.code.split("\n").length)
      .map((f) => `${f.line - b.line}: ${f.reason}`);

  it("passes a complete module that uses the pinned SDK correctly", () => expect(at(good)).toEqual([]));
  it("reports what the pinned SDK no longer exports, on its line", () => {
    expect(at(retiredImport)).toEqual(["0: TS2305: Module '\"@mysten/sui/client\"' has no exported member 'SuiClient'."]);
  });
  it("checks a fragment with its preamble's declarations, which it may shadow", () => {
    expect(at(fragment)).toEqual([]);
    expect(at(fragmentRedeclares)).toEqual([]);
  });
  it("fails a fragment that declares no preamble", () =>
    expect(at(bareFragment)).toEqual([
      "0: TS2304: Cannot find name 'client'. (a fragment? mark it preamble=\"<name>\", see content/preambles)",
    ]));
  it("fails a fragment naming a preamble that does not exist", () => {
    expect(at(unknownPreamble)).toEqual([
      '-1: preamble "nope" does not exist: add content/preambles/nope.ts or name an existing one (client)',
    ]);
  });
  it("keeps module augmentations to the page that declares them", () => {
    expect([...at(registerA), ...at(registerB)]).toEqual([]);
    expect(at(good)).toEqual([]);
  });
  it("resolves imports between blocks titled with file paths", () => {
    expect(at(app)).toEqual(["1: TS2322: Type 'string' is not assignable to type 'number'."]);
  });
});
