import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compileMdx } from "../mdx/compile";
import { generateJsonRpcReference } from "./generate";

const method = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  tags: [{ name: "Read API" }],
  params: [{ name: "object_id", required: true, schema: { $ref: "#/components/schemas/ObjectID" } }],
  result: { name: "result", schema: { type: "object" } },
  ...extra,
});
const document = (info: Record<string, unknown>, methods: unknown[]) =>
  JSON.stringify({ openrpc: "1.2.6", info: { title: "Sui JSON-RPC", version: "1.0.0", ...info }, methods });

describe("the JSON-RPC reference generator", () => {
  it("opens with the retirement notice and names each method's replacement", () => {
    const [page] = generateJsonRpcReference(
      document({ "x-retirement": "Retired: use [gRPC](/references/sui-api#grpc)." }, [
        method("sui_getObject", { "x-replacement": { grpc: "`LedgerService.GetObject`", graphql: "`Query.object`", note: "Use `include`" } }),
        method("sui_getLegacy"),
      ]),
    );
    expect(page.mdx.startsWith(":::danger[Retired API]\nRetired: use [gRPC](/references/sui-api#grpc).\n:::")).toBe(true);
    expect(page.mdx).toContain("**Replacement:** gRPC `LedgerService.GetObject`; GraphQL `Query.object`. Use `include`");
    const legacy = page.mdx.slice(page.mdx.indexOf("### sui_getLegacy"));
    expect(legacy).not.toContain("**Replacement:**");
    expect(page.meta.description).toMatch(/retired/);
  });

  it("leaves a document without retirement data as a plain reference", () => {
    const [page] = generateJsonRpcReference(document({}, [method("sui_getObject")]));
    expect(page.mdx).not.toContain("Retired API");
    expect(page.mdx).not.toContain("Replacement");
  });

  it("rejects replacement data it could not render, naming the method", () => {
    expect(() => generateJsonRpcReference(document({}, [method("sui_getObject", { "x-replacement": { grpc: 1 } })]))).toThrow(/sui_getObject: x-replacement/);
    expect(() => generateJsonRpcReference(document({}, [method("sui_getObject", { "x-replacement": { rest: "GET /objects" } })]))).toThrow(/x-replacement/);
    expect(() => generateJsonRpcReference(document({ "x-retirement": ["no"] }, [method("sui_getObject")]))).toThrow(/x-retirement/);
  });

  it("turns the content repository's OpenRPC document into a page that compiles, with a replacement for every method", async () => {
    const text = fs.readFileSync(path.join(__dirname, "../../content/schemas/openrpc.json"), "utf8");
    const [page] = generateJsonRpcReference(text);
    const methods = (JSON.parse(text) as { methods: unknown[] }).methods.length;
    expect(page.mdx.match(/\*\*Replacement:\*\*/g)).toHaveLength(methods);
    const compiled = await compileMdx({ path: "docs/sui-api-ref.mdx", source: page.mdx, files: {} });
    expect(compiled.toc.map((entry) => entry.text)).toContain("Read API");
  }, 60_000);
});
