import type { GeneratedPage, PageGenerator } from "../content/generator";
import { escapeMdx } from "../content/mdx-text";

/** The parts of an OpenRPC 1.x document the reference reads. */
interface Schema {
  $ref?: string;
  type?: string | string[];
  items?: Schema;
  additionalProperties?: Schema | boolean;
  description?: string;
  format?: string;
}
interface ContentDescriptor {
  name: string;
  description?: string;
  required?: boolean;
  schema: Schema;
}
/**
 * Where a retired method's job moved (an OpenRPC `x-` extension kept in the same document, so the
 * reference and its migration advice always come from one commit).
 */
interface Replacement {
  grpc?: string;
  graphql?: string;
  note?: string;
}
interface Method {
  name: string;
  "x-replacement"?: Replacement;
  description?: string;
  tags?: Array<{ name: string }>;
  params: ContentDescriptor[];
  result?: ContentDescriptor;
  deprecated?: boolean;
  examples?: Array<{ name?: string; params: Array<{ name: string; value: unknown }>; result?: { value: unknown } }>;
}
interface OpenRpcDocument {
  openrpc: string;
  /** `x-retirement`: Markdown shown at the top of the reference when the whole API is retired. */
  info: { title: string; version: string; description?: string; "x-retirement"?: string };
  methods: Method[];
  components?: { schemas?: Record<string, Schema> };
}

export const JSON_RPC_REFERENCE_ID = "sui-api-ref";

const cell = (text: string) => escapeMdx(text).replace(/\|/g, "\\|").replace(/\n+/g, " ");
const anchor = (name: string) => name.toLowerCase().replace(/[^a-z0-9_-]/g, "");

/** A readable type name: `SuiAddress`, `[ObjectRef]`, `{string: Coin}`. */
function typeName(schema: Schema | undefined): string {
  if (!schema) return "unknown";
  if (schema.$ref) return schema.$ref.split("/").pop()!;
  if (schema.type === "array") return `[${typeName(schema.items)}]`;
  if (schema.type === "object" && typeof schema.additionalProperties === "object") return `{string: ${typeName(schema.additionalProperties)}}`;
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : (schema.type ?? "any");
  return schema.format ? `${type} (${schema.format})` : type;
}

function parseDocument(text: string): OpenRpcDocument {
  const doc = JSON.parse(text) as OpenRpcDocument;
  if (typeof doc.openrpc !== "string" || !Array.isArray(doc.methods)) throw new Error("not an OpenRPC document (needs openrpc and methods)");
  for (const [i, method] of doc.methods.entries()) {
    if (typeof method.name !== "string" || !Array.isArray(method.params)) throw new Error(`methods[${i}] needs a name and params`);
    const replacement = method["x-replacement"];
    if (replacement !== undefined) {
      const fields = typeof replacement === "object" && replacement !== null ? Object.entries(replacement) : [];
      if (!fields.length || fields.some(([key, value]) => !["grpc", "graphql", "note"].includes(key) || typeof value !== "string")) {
        throw new Error(`${method.name}: x-replacement must be an object of strings with grpc, graphql and/or note`);
      }
    }
  }
  const retirement = doc.info?.["x-retirement"];
  if (retirement !== undefined && typeof retirement !== "string") throw new Error("info.x-retirement must be a Markdown string");
  return doc;
}

function replacementLine(replacement: Replacement): string {
  const targets = [
    replacement.grpc && `gRPC ${cell(replacement.grpc)}`,
    replacement.graphql && `GraphQL ${cell(replacement.graphql)}`,
  ].filter(Boolean);
  return `**Replacement:** ${[targets.join("; "), replacement.note && cell(replacement.note)].filter(Boolean).join(". ")}`;
}

function methodSection(method: Method, schemas: Record<string, Schema>): string {
  const typeCell = (schema: Schema) => {
    const name = typeName(schema);
    const described = schema.$ref ? schemas[name]?.description : schema.description;
    return `\`${cell(name)}\`${described ? `: ${cell(described)}` : ""}`;
  };
  const params = method.params.length
    ? [
        "| Parameter | Type | Required | Description |",
        "|---|---|---|---|",
        ...method.params.map((p) => `| \`${p.name}\` | ${typeCell(p.schema)} | ${p.required ? "yes" : "no"} | ${cell(p.description ?? "")} |`),
      ].join("\n")
    : "This method takes no parameters.";
  const example = method.examples?.[0];
  const request = {
    jsonrpc: "2.0",
    id: 1,
    method: method.name,
    params: example ? example.params.map((p) => p.value) : method.params.filter((p) => p.required).map((p) => `<${p.name}>`),
  };
  return [
    `### ${method.name}`,
    method.deprecated ? `<Badge tone="warning">deprecated</Badge>\n\n:::caution[Deprecated]\nThis method is deprecated and may be removed in a future release.\n:::` : "",
    method["x-replacement"] ? replacementLine(method["x-replacement"]) : "",
    escapeMdx(method.description ?? ""),
    `**Parameters**\n\n${params}`,
    `**Result:** ${method.result ? `${typeCell(method.result.schema)}${method.result.required === false ? " (may be null)" : ""}` : "none"}`,
    "**Example request**",
    "```json\n" + JSON.stringify(request, null, 2) + "\n```",
    example?.result
      ? "<details>\n<summary>Example response</summary>\n\n```json\n" + JSON.stringify({ jsonrpc: "2.0", id: 1, result: example.result.value }, null, 2) + "\n```\n\n</details>"
      : "",
  ]
    .filter(Boolean)
    .join("\n\n");
}

/** The JSON-RPC reference: one page with a jump list and every method grouped as the document tags them. */
export function generateJsonRpcReference(text: string): GeneratedPage[] {
  const doc = parseDocument(text);
  const schemas = doc.components?.schemas ?? {};
  const groups = new Map<string, Method[]>();
  for (const method of doc.methods) {
    const group = method.tags?.[0]?.name ?? "Other";
    groups.set(group, [...(groups.get(group) ?? []), method]);
  }
  const jumpList = [...groups].map(([group, methods]) => `- **[${group}](#${anchor(group.replace(/ /g, "-"))})**: ${methods.map((m) => `[${m.name}](#${anchor(m.name)})`).join(", ")}`);
  const retirement = doc.info["x-retirement"];
  const body = [
    retirement ? `:::danger[Retired API]\n${escapeMdx(retirement)}\n:::` : "",
    escapeMdx(doc.info.description ?? ""),
    `This reference is generated from the OpenRPC document (version ${doc.info.version}) kept in the content repository, at the commit you are reading. For the request and response envelope, batching and errors, see [JSON-RPC format](/references/sui-api/json-rpc-format).`,
    "## Methods\n\n" + jumpList.join("\n"),
    ...[...groups].map(([group, methods]) => `## ${group}\n\n${methods.map((m) => methodSection(m, schemas)).join("\n\n")}`),
  ].filter(Boolean);
  return [
    {
      meta: {
        id: JSON_RPC_REFERENCE_ID,
        title: "Sui JSON-RPC API Reference",
        description: retirement
          ? `The retired Sui JSON-RPC API (${doc.methods.length} methods), with each method's gRPC or GraphQL replacement, parameters and result types.`
          : `Every method of the Sui JSON-RPC API (${doc.methods.length} methods), with parameters, result types and example requests.`,
        sidebar: "referencesSidebar",
        sidebarLabel: "API Reference",
        aliases: [],
      },
      mdx: body.join("\n\n") + "\n",
    },
  ];
}

export const openRpcGenerator: PageGenerator = {
  sourcePath: "schemas/openrpc.json",
  version: "openrpc-reference@3",
  generate: generateJsonRpcReference,
};
