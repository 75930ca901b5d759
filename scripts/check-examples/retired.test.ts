import { describe, expect, it } from "vitest";
import { extractPage } from "./blocks";
import type { RetiredFact } from "./facts";
import { checkRetired } from "./retired";

const retired: RetiredFact[] = [
  { id: "console", pattern: "\\bsui console\\b", reason: "removed in 1.45", replacement: "`sui client ptb`", prose: true },
  { id: "jsonrpc", pattern: '"jsonrpc"', reason: "JSON-RPC is retired", replacement: "gRPC" },
  { id: "tb", pattern: "\\bTransactionBlock\\b", reason: "1.x", replacement: "Transaction", langs: ["ts"] },
  { id: "clob", pattern: "\\bclob_v2\\b", reason: "v2", replacement: "v3", prose: true, allowedOn: ["content/docs/migrate.mdx"] },
];

function failuresOf(file: string, body: string) {
  const { blocks, prose } = extractPage({ file, source: body });
  return checkRetired(blocks, prose, retired).map((f) => `${f.line}: ${f.reason.split(":")[0]}`);
}

describe("checkRetired", () => {
  it.each([
    ["code always fails", "```sh\nsui console\n```", ['2: "sui console" is retired']],
    ["prose that teaches it fails", "Start `sui console` to explore.", ['1: "sui console" is retired']],
    ["prose that says it is retired passes", "`sui console` was removed in 1.45; use `sui client ptb`.", []],
    ["a fact without prose: true ignores prose", 'Send "jsonrpc" requests.', []],
    [
      "langs limits the code it applies to",
      "```graphql\n... on TransactionBlock { digest }\n```\n```ts\nnew TransactionBlock();\n```",
      ['5: "TransactionBlock" is retired'],
    ],
    ["a later line of a paragraph is reported on its line", "First line.\nThen run `sui console`.", ['2: "sui console" is retired']],
  ])("%s", (_, body, expected) => expect(failuresOf("content/docs/p.mdx", body)).toEqual(expected));

  it("allows prose mentions on allow-listed pages, never code there", () => {
    expect(failuresOf("content/docs/migrate.mdx", "Map clob_v2 calls.\n\n```move\nclob_v2::swap();\n```")).toEqual([
      '4: "clob_v2" is retired',
    ]);
  });
});
