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
/** Method names become page ids (`/sui-api-ref/sui_getObject`), so they must be one path segment. */
const METHOD_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

export const methodPageId = (name: string) => `${JSON_RPC_REFERENCE_ID}/${name}`;
const cell = (text: string) => escapeMdx(text).replace(/\|/g, "\\|").replace(/\n+/g, " ");
/** The heading id each method had when the whole reference was one page (`#sui_getobject`), kept so old links still land. */
export const legacyAnchor = (name: string) => name.toLowerCase().replace(/[^a-z0-9_-]/g, "");

/** A readable type name: `SuiAddress`, `[ObjectRef]`, `{string: Coin}`. */
function typeName(schema: Schema | undefined): string {
  if (!schema) return "unknown";
  if (schema.$ref) return schema.$ref.split("/").pop()!;
  if (schema.type === "array") return `[${typeName(schema.items)}]`;
  if (schema.type === "object" && typeof schema.additionalProperties === "object")
    return `{string: ${typeName(schema.additionalProperties)}}`;
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : (schema.type ?? "any");
  return schema.format ? `${type} (${schema.format})` : type;
}

function parseDocument(text: string): OpenRpcDocument {
  const doc = JSON.parse(text) as OpenRpcDocument;
  if (typeof doc.openrpc !== "string" || !Array.isArray(doc.methods))
    throw new Error("not an OpenRPC document (needs openrpc and methods)");
  const seen = new Set<string>();
  for (const [i, method] of doc.methods.entries()) {
    if (typeof method.name !== "string" || !Array.isArray(method.params)) throw new Error(`methods[${i}] needs a name and params`);
    if (!METHOD_NAME.test(method.name))
      throw new Error(
        `methods[${i}]: the name "${method.name.slice(0, 80)}" must be letters, digits, _ and - only (it names the method's page)`,
      );
    if (seen.has(method.name)) throw new Error(`${method.name} is defined twice`);
    seen.add(method.name);
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

/** A one-line summary as plain text, for the page's description (shown as text and in meta tags). */
const plainText = (markdown: string) => markdown.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/`|\*\*/g, "");

/** The first sentence of a description, for the index line and (as plain text) the page's description. */
function summary(method: Method): string {
  const text = (method.description ?? "").replace(/\s+/g, " ").trim();
  const first = text.split(/(?<=\.)\s/)[0] ?? "";
  if (!first) return `The ${method.name} method of the Sui JSON-RPC API.`;
  if (first.length <= 200) return first;
  return `${first.slice(0, 200).replace(/\s+\S*$/, "")}…`;
}

function replacementLine(replacement: Replacement): string {
  const targets = [
    replacement.grpc && `gRPC ${cell(replacement.grpc)}`,
    replacement.graphql && `GraphQL ${cell(replacement.graphql)}`,
  ].filter(Boolean);
  return `**Replacement:** ${[targets.join("; "), replacement.note && cell(replacement.note)].filter(Boolean).join(". ")}`;
}

const groupOf = (method: Method) => method.tags?.[0]?.name ?? "Other";

function groups(methods: Method[]): Map<string, Method[]> {
  const byGroup = new Map<string, Method[]>();
  for (const method of methods) byGroup.set(groupOf(method), [...(byGroup.get(groupOf(method)) ?? []), method]);
  return byGroup;
}

const json = (value: unknown) => "```json\n" + JSON.stringify(value, null, 2) + "\n```";

/** One method's page: what it does, its parameters, its result and examples of both. */
function methodPage(method: Method, doc: OpenRpcDocument, siblings: Method[]): GeneratedPage {
  const schemas = doc.components?.schemas ?? {};
  const typeCell = (schema: Schema) => {
    const name = typeName(schema);
    const described = schema.$ref ? schemas[name]?.description : schema.description;
    return `\`${cell(name)}\`${described ? `: ${cell(described)}` : ""}`;
  };
  const params = method.params.length
    ? [
        "| Parameter | Type | Required | Description |",
        "|---|---|---|---|",
        ...method.params.map(
          (p) => `| \`${p.name}\` | ${typeCell(p.schema)} | ${p.required ? "yes" : "no"} | ${cell(p.description ?? "")} |`,
        ),
      ].join("\n")
    : "This method takes no parameters.";
  const envelope = (params: unknown[]) => ({ jsonrpc: "2.0", id: 1, method: method.name, params });
  const examples = method.examples?.length
    ? method.examples.flatMap((example, i) => [
        method.examples!.length > 1 ? `### ${escapeMdx(example.name ?? `Example ${i + 1}`)}` : "",
        "**Request**",
        json(envelope(example.params.map((p) => p.value))),
        example.result ? `**Response**\n\n${json({ jsonrpc: "2.0", id: 1, result: example.result.value })}` : "",
      ])
    : [
        "The document gives no example; a request has this shape:",
        json(envelope(method.params.filter((p) => p.required).map((p) => `<${p.name}>`))),
      ];
  const group = groupOf(method);
  const others = siblings.filter((m) => m !== method);
  const body = [
    `<Badge tone="kind">${escapeMdx(group)}</Badge>`,
    doc.info["x-retirement"]
      ? `:::danger[Retired API]\nJSON-RPC is retired: no current full node answers this method. ` +
        `The [JSON-RPC reference](/${JSON_RPC_REFERENCE_ID}) says what replaces it.\n:::`
      : "",
    method.deprecated ? ":::caution[Deprecated]\nThis method is deprecated and may be removed in a future release.\n:::" : "",
    method["x-replacement"] ? replacementLine(method["x-replacement"]) : "",
    escapeMdx(method.description ?? ""),
    `## Parameters\n\n${params}`,
    `## Result\n\n${method.result ? `${typeCell(method.result.schema)}${method.result.required === false ? " (may be null)" : ""}` : "None."}`,
    `## Example\n\n${examples.filter(Boolean).join("\n\n")}`,
    others.length
      ? `## Other ${escapeMdx(group)} methods\n\n${others.map((m) => `[\`${m.name}\`](/${methodPageId(m.name)})`).join(" · ")}`
      : "",
    `[All JSON-RPC methods](/${JSON_RPC_REFERENCE_ID})`,
  ];
  return {
    meta: {
      id: methodPageId(method.name),
      title: method.name,
      description: plainText(summary(method)),
      sidebar: "referencesSidebar",
      aliases: [],
    },
    mdx: body.filter(Boolean).join("\n\n") + "\n",
  };
}

/**
 * The index: the methods grouped as the document tags them, one line each. Each line's link carries
 * the id the method's heading had on the old single page and `data-moved`, so `/sui-api-ref#sui_getobject`
 * still shows the method's line without JavaScript, and the page's script follows it to the method.
 */
function indexPage(doc: OpenRpcDocument, byGroup: Map<string, Method[]>): GeneratedPage {
  const retirement = doc.info["x-retirement"];
  const line = (m: Method) =>
    `- <a id="${legacyAnchor(m.name)}" data-moved="true" href="/${methodPageId(m.name)}">` +
    `\`${m.name}\`</a>${m.deprecated ? " (deprecated)" : ""}: ${cell(summary(m))}`;
  const body = [
    retirement ? `:::danger[Retired API]\n${escapeMdx(retirement)}\n:::` : "",
    escapeMdx(doc.info.description ?? ""),
    `This reference is generated from the OpenRPC document (version ${doc.info.version}) kept in the content repository, at the commit you are reading. ` +
      `Each method has a page with its parameters, result and an example request and response. ` +
      `For the request and response envelope, batching and errors, see [JSON-RPC format](/references/sui-api/json-rpc-format).`,
    ...[...byGroup].map(([group, methods]) => `## ${escapeMdx(group)}\n\n${methods.map(line).join("\n")}`),
  ];
  return {
    meta: {
      id: JSON_RPC_REFERENCE_ID,
      title: "Sui JSON-RPC API Reference",
      description: retirement
        ? `The retired Sui JSON-RPC API (${doc.methods.length} methods), with each method's gRPC or GraphQL replacement, parameters and result types.`
        : `Every method of the Sui JSON-RPC API (${doc.methods.length} methods), with parameters, result types and example requests.`,
      sidebar: "referencesSidebar",
      sidebarLabel: "JSON-RPC API Reference",
      aliases: [],
    },
    mdx: body.filter(Boolean).join("\n\n") + "\n",
  };
}

/** The JSON-RPC reference: an index of every method by group, and one page per method. */
export function generateJsonRpcReference(text: string): GeneratedPage[] {
  const doc = parseDocument(text);
  const byGroup = groups(doc.methods);
  return [indexPage(doc, byGroup), ...[...byGroup.values()].flatMap((methods) => methods.map((m) => methodPage(m, doc, methods)))];
}

export const openRpcGenerator: PageGenerator = {
  sourcePath: "schemas/openrpc.json",
  version: "openrpc-reference@4",
  generate: generateJsonRpcReference,
};
