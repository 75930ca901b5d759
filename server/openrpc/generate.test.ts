import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compileMdx } from "../mdx/compile";
import type { GeneratedPage } from "../content/generator";
import { generateJsonRpcReference } from "./generate";

const method = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  tags: [{ name: "Read API" }],
  description: "Reads one `object`. Then more.",
  params: [{ name: "object_id", description: "The object to read.", required: true, schema: { $ref: "#/components/schemas/ObjectID" } }],
  result: { name: "result", schema: { type: "object" } },
  ...extra,
});
const document = (info: Record<string, unknown>, methods: unknown[]) =>
  JSON.stringify({ openrpc: "1.2.6", info: { title: "Sui JSON-RPC", version: "1.0.0", ...info }, methods });

const page = (pages: GeneratedPage[], id: string) => {
  const found = pages.find((p) => p.meta.id === id);
  if (!found) throw new Error(`no page ${id} among ${pages.map((p) => p.meta.id).join(", ")}`);
  return found;
};

describe("the JSON-RPC reference generator", () => {
  it("makes an index by group and one page per method", () => {
    const pages = generateJsonRpcReference(
      document({}, [method("sui_getObject"), method("suix_getCoins", { tags: [{ name: "Coin Query API" }] })]),
    );
    expect(pages.map((p) => p.meta.id)).toEqual(["sui-api-ref", "sui-api-ref/sui_getObject", "sui-api-ref/suix_getCoins"]);
    const index = page(pages, "sui-api-ref").mdx;
    expect(index).toContain(
      '## Read API\n\n- <a id="sui_getobject" data-moved="true" href="/sui-api-ref/sui_getObject">`sui_getObject`</a>: Reads one `object`.',
    );
    expect(index).toContain('## Coin Query API\n\n- <a id="suix_getcoins"');
  });

  it("gives a method its parameters, result and the document's example request and response", () => {
    const pages = generateJsonRpcReference(
      document({}, [
        method("sui_getObject", {
          examples: [{ name: "Read a coin", params: [{ name: "object_id", value: "0x5" }], result: { value: { objectId: "0x5" } } }],
        }),
      ]),
    );
    const mdx = page(pages, "sui-api-ref/sui_getObject").mdx;
    expect(mdx).toContain("| `object_id` | `ObjectID` | yes | The object to read. |");
    expect(mdx).toContain("## Result\n\n`object`");
    expect(mdx).toContain(
      '**Request**\n\n```json\n{\n  "jsonrpc": "2.0",\n  "id": 1,\n  "method": "sui_getObject",\n  "params": [\n    "0x5"\n  ]\n}\n```',
    );
    expect(mdx).toContain('**Response**\n\n```json\n{\n  "jsonrpc": "2.0",\n  "id": 1,\n  "result": {\n    "objectId": "0x5"\n  }\n}\n```');
    expect(page(pages, "sui-api-ref/sui_getObject").meta.description).toBe("Reads one object.");
  });

  it("opens the index with the retirement notice and names each method's replacement on its page", () => {
    const pages = generateJsonRpcReference(
      document({ "x-retirement": "Retired: use [gRPC](/references/sui-api#grpc)." }, [
        method("sui_getObject", {
          "x-replacement": { grpc: "`LedgerService.GetObject`", graphql: "`Query.object`", note: "Use `include`" },
        }),
        method("sui_getLegacy"),
      ]),
    );
    const index = page(pages, "sui-api-ref");
    expect(index.mdx.startsWith(":::danger[Retired API]\nRetired: use [gRPC](/references/sui-api#grpc).\n:::")).toBe(true);
    expect(index.meta.description).toMatch(/retired/);
    const getObject = page(pages, "sui-api-ref/sui_getObject").mdx;
    expect(getObject).toContain(":::danger[Retired API]");
    expect(getObject).toContain("**Replacement:** gRPC `LedgerService.GetObject`; GraphQL `Query.object`. Use `include`");
    expect(page(pages, "sui-api-ref/sui_getLegacy").mdx).not.toContain("**Replacement:**");
  });

  it("leaves a document without retirement data as a plain reference", () => {
    const pages = generateJsonRpcReference(document({}, [method("sui_getObject")]));
    expect(pages.map((p) => p.mdx).join("")).not.toMatch(/Retired API|Replacement/);
  });

  it("rejects data it could not render, naming the method", () => {
    expect(() => generateJsonRpcReference(document({}, [method("sui_getObject", { "x-replacement": { grpc: 1 } })]))).toThrow(
      /sui_getObject: x-replacement/,
    );
    expect(() => generateJsonRpcReference(document({}, [method("sui_getObject", { "x-replacement": { rest: "GET /objects" } })]))).toThrow(
      /x-replacement/,
    );
    expect(() => generateJsonRpcReference(document({ "x-retirement": ["no"] }, [method("sui_getObject")]))).toThrow(/x-retirement/);
    expect(() => generateJsonRpcReference(document({}, [method("sui/getObject")]))).toThrow(/"sui\/getObject" must be letters, digits/);
    expect(() => generateJsonRpcReference(document({}, [method("sui_getObject"), method("sui_getObject")]))).toThrow(
      /sui_getObject is defined twice/,
    );
  });

  it("turns the content repository's OpenRPC document into pages that compile, with a replacement for every method", async () => {
    const text = fs.readFileSync(path.join(__dirname, "../../content/schemas/openrpc.json"), "utf8");
    const pages = generateJsonRpcReference(text);
    const methods = (JSON.parse(text) as { methods: Array<{ name: string }> }).methods;
    expect(pages).toHaveLength(methods.length + 1);
    for (const m of methods) expect(page(pages, `sui-api-ref/${m.name}`).mdx).toMatch(/\*\*Replacement:\*\*/);
    const index = await compileMdx({ path: "generated/sui-api-ref.mdx", source: page(pages, "sui-api-ref").mdx, files: {} });
    expect(index.toc.map((entry) => entry.text)).toContain("Read API");
    const one = await compileMdx({
      path: "generated/sui-api-ref/sui_getObject.mdx",
      source: page(pages, "sui-api-ref/sui_getObject").mdx,
      files: {},
    });
    expect(one.toc.map((entry) => entry.text)).toEqual(expect.arrayContaining(["Parameters", "Result", "Example"]));
  }, 60_000);
});
