import {
  buildASTSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isUnionType,
  parse,
  print,
  type ASTNode,
  type DefinitionNode,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type GraphQLType,
} from "graphql";
import type { GeneratedPage, PageGenerator } from "../content/generator";
import { escapeMdx } from "../content/mdx-text";
import { GRAPHQL_REFERENCE, referenceId } from "./slug";
import { REFERENCE_KIND_ORDER, REFERENCE_KINDS, type ReferenceKind } from "./kinds";

const SIDEBAR = "referencesSidebar" as const;

function summary(description: string | undefined | null, fallback: string): string {
  const first = description
    ?.trim()
    .split(/(?<=\.)\s/)[0]
    ?.replace(/\s+/g, " ");
  return first && first.length <= 200 ? first : fallback;
}

function kindOf(type: GraphQLNamedType): ReferenceKind {
  if (isObjectType(type)) return "objects";
  if (isInterfaceType(type)) return "interfaces";
  if (isUnionType(type)) return "unions";
  if (isEnumType(type)) return "enums";
  if (isInputObjectType(type)) return "inputs";
  return "scalars";
}

/** Descriptions written in the SDL for built-in scalars and directives, which buildASTSchema drops. */
function sdlDescriptions(definitions: readonly DefinitionNode[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const def of definitions) {
    if ((def.kind === "ScalarTypeDefinition" || def.kind === "DirectiveDefinition") && def.description) {
      found.set(def.kind === "DirectiveDefinition" ? `@${def.name.value}` : def.name.value, def.description.value);
    }
  }
  return found;
}

/** SDL of a definition without its descriptions, for the signature block. */
function signature(node: ASTNode | undefined | null): string {
  if (!node) return "";
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (value && typeof value === "object") {
      const copy: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) if (k !== "description" && k !== "loc") copy[k] = strip(v);
      return copy;
    }
    return value;
  };
  return print(strip(node) as ASTNode);
}

class ReferenceWriter {
  private readonly returnedBy = new Map<string, Set<string>>();
  private readonly memberOf = new Map<string, Set<string>>();
  private readonly implementedBy = new Map<string, Set<string>>();
  private readonly builtInDescriptions: Map<string, string>;

  constructor(
    private readonly schema: GraphQLSchema,
    definitions: readonly DefinitionNode[],
  ) {
    this.builtInDescriptions = sdlDescriptions(definitions);
    const add = (map: Map<string, Set<string>>, key: string, link: string) => map.set(key, (map.get(key) ?? new Set()).add(link));
    for (const type of this.namedTypes()) {
      if (isObjectType(type) || isInterfaceType(type)) {
        for (const field of Object.values(type.getFields())) {
          add(this.returnedBy, getNamedType(field.type).name, this.fieldLink(type, field.name));
        }
        for (const iface of type.getInterfaces()) add(this.implementedBy, iface.name, this.typeLink(type));
      }
      if (isUnionType(type)) for (const member of type.getTypes()) add(this.memberOf, member.name, this.typeLink(type));
    }
  }

  /** Named types that get a page: everything but introspection types and the root operation types. */
  namedTypes(): GraphQLNamedType[] {
    const roots = new Set([this.schema.getQueryType()?.name, this.schema.getMutationType()?.name]);
    return Object.values(this.schema.getTypeMap())
      .filter((t) => !t.name.startsWith("__") && !roots.has(t.name))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  private rootKind(typeName: string): ReferenceKind | undefined {
    if (typeName === this.schema.getQueryType()?.name) return "queries";
    if (typeName === this.schema.getMutationType()?.name) return "mutations";
    return undefined;
  }

  private fieldLink(owner: GraphQLNamedType, field: string): string {
    const root = this.rootKind(owner.name);
    return root
      ? `[\`${field}\`](/${referenceId(root, field)})`
      : `[\`${owner.name}.${field}\`](/${referenceId(kindOf(owner), owner.name)}#${field.toLowerCase()})`;
  }

  private typeLink(type: GraphQLNamedType): string {
    return `[\`${type.name}\`](/${referenceId(kindOf(type), type.name)})`;
  }

  /** `[Coin!]!` with the named type linked to its page. */
  private typeRef(type: GraphQLType): string {
    const named = getNamedType(type);
    const text = type.toString();
    const link = `/${referenceId(kindOf(named), named.name)}`;
    return `[\`${text}\`](${link})`;
  }

  private badges(type: GraphQLType, deprecationReason?: string | null): string {
    const list: string[] = [];
    if (isNonNullType(type)) list.push(`<Badge>non-null</Badge>`);
    const inner = isNonNullType(type) ? type.ofType : type;
    if (isListType(inner)) list.push(`<Badge>list</Badge>`);
    list.push(`<Badge tone="kind">${REFERENCE_KINDS[kindOf(getNamedType(type))].badge}</Badge>`);
    if (deprecationReason) list.push(`<Badge tone="warning">deprecated</Badge>`);
    return list.join(" ");
  }

  private describeDeprecation(reason?: string | null): string {
    return reason ? `\n:::caution[Deprecated]\n${escapeMdx(reason)}\n:::\n` : "";
  }

  /** One argument, input field or field: its heading, type and badges, description, then `extra` and any deprecation. */
  private entry(
    level: string,
    item: { name: string; type: GraphQLType; description?: string | null; deprecationReason?: string | null },
    extra = "",
  ): string {
    const signature = `${this.typeRef(item.type)} ${this.badges(item.type, item.deprecationReason)}`;
    const description = escapeMdx(item.description ?? "");
    return `${level} ${item.name}\n\n${signature}\n\n${description}\n${extra}${this.describeDeprecation(item.deprecationReason)}`;
  }

  private argumentsSection(args: readonly (GraphQLArgument | GraphQLInputField)[], heading: string, level = "###"): string {
    if (!args.length) return "";
    return [`${heading}\n`, ...args.map((arg) => this.entry(level, arg))].join("\n");
  }

  private fieldsSection(fields: readonly GraphQLField<unknown, unknown>[]): string {
    if (!fields.length) return "";
    const argument = (a: GraphQLArgument) =>
      `- \`${a.name}\`: ${this.typeRef(a.type)}${a.description ? `: ${escapeMdx(a.description)}` : ""}`;
    return [
      "## Fields\n",
      ...fields.map((field) =>
        this.entry("###", field, field.args.length ? `\n**Arguments**\n\n${field.args.map(argument).join("\n")}\n` : ""),
      ),
    ].join("\n");
  }

  private backLinks(name: string): string {
    const section = (title: string, links?: Set<string>) =>
      links?.size
        ? `## ${title}\n\n${[...links]
            .sort()
            .map((l) => `- ${l}`)
            .join("\n")}\n`
        : "";
    return [
      section("Returned by", this.returnedBy.get(name)),
      section("Member of", this.memberOf.get(name)),
      section("Implemented by", this.implementedBy.get(name)),
    ].join("\n");
  }

  private page(id: string, title: string, description: string, body: string): GeneratedPage {
    return { meta: { id, title, description, sidebar: SIDEBAR, aliases: [] }, mdx: `${body.trim()}\n` };
  }

  typePage(type: GraphQLNamedType): GeneratedPage {
    const kind = kindOf(type);
    const description = type.description ?? this.builtInDescriptions.get(type.name) ?? "";
    const parts = [
      `<Badge tone="kind">${REFERENCE_KINDS[kind].badge}</Badge>`,
      escapeMdx(description),
      "## Signature",
      "```graphql\n" + (signature(type.astNode) || `scalar ${type.name}`) + "\n```",
    ];
    if (isObjectType(type) || isInterfaceType(type)) {
      const interfaces = type.getInterfaces();
      if (interfaces.length) parts.push(`## Implements\n\n${interfaces.map((i) => `- ${this.typeLink(i)}`).join("\n")}`);
      parts.push(this.fieldsSection(Object.values(type.getFields())));
    }
    if (isInputObjectType(type)) parts.push(this.argumentsSection(Object.values(type.getFields()), "## Fields"));
    if (isEnumType(type)) {
      parts.push(
        "## Values\n",
        ...type
          .getValues()
          .map((v) => `### ${v.name}\n\n${escapeMdx(v.description ?? "")}\n${this.describeDeprecation(v.deprecationReason)}`),
      );
    }
    if (isUnionType(type))
      parts.push(
        `## Members\n\n${type
          .getTypes()
          .map((t) => `- ${this.typeLink(t)}`)
          .join("\n")}`,
      );
    parts.push(this.backLinks(type.name));
    return this.page(
      referenceId(kind, type.name),
      type.name,
      summary(description, `The ${type.name} ${REFERENCE_KINDS[kind].badge} of the Sui GraphQL schema.`),
      parts.join("\n\n"),
    );
  }

  operationPages(kind: "queries" | "mutations"): GeneratedPage[] {
    const root = kind === "queries" ? this.schema.getQueryType() : this.schema.getMutationType();
    if (!root) return [];
    return Object.values(root.getFields()).map((field) => {
      const args = field.args.map((a) => `${a.name}: ${a.type.toString()}`).join(", ");
      const body = [
        `<Badge tone="kind">${REFERENCE_KINDS[kind].badge}</Badge>`,
        escapeMdx(field.description ?? ""),
        this.describeDeprecation(field.deprecationReason),
        "## Signature",
        "```graphql\n" + `${field.name}${args ? `(${args})` : ""}: ${field.type.toString()}` + "\n```",
        this.argumentsSection(field.args, "## Arguments"),
        `## Type\n\n${this.typeRef(field.type)} ${this.badges(field.type)}\n\n${escapeMdx(getNamedType(field.type).description?.split("\n")[0] ?? "")}`,
      ];
      return this.page(
        referenceId(kind, field.name),
        field.name,
        summary(field.description, `The ${field.name} ${REFERENCE_KINDS[kind].badge}.`),
        body.join("\n\n"),
      );
    });
  }

  directivePages(): GeneratedPage[] {
    return this.schema.getDirectives().map((directive) => {
      const description = this.builtInDescriptions.get(`@${directive.name}`) ?? directive.description ?? "";
      const body = [
        `<Badge tone="kind">directive</Badge>`,
        escapeMdx(description),
        "## Signature",
        "```graphql\n" +
          `directive @${directive.name}${directive.args.length ? `(${directive.args.map((a) => `${a.name}: ${a.type}`).join(", ")})` : ""}` +
          ` on ${directive.locations.join(" | ")}` +
          "\n```",
        this.argumentsSection(directive.args, "## Arguments"),
        `## Locations\n\n${directive.locations.map((l) => `- \`${l}\``).join("\n")}`,
      ];
      return this.page(
        referenceId("directives", directive.name),
        `@${directive.name}`,
        summary(description, `The @${directive.name} directive.`),
        body.join("\n\n"),
      );
    });
  }

  schemaPage(pages: GeneratedPage[]): GeneratedPage {
    const groups = new Map<string, GeneratedPage[]>();
    for (const page of pages) {
      const kind = page.meta.id.slice(GRAPHQL_REFERENCE.length + 1).split("/")[0]!;
      groups.set(kind, [...(groups.get(kind) ?? []), page]);
    }
    const body = [
      `The Sui GraphQL RPC schema has ${pages.length} reference pages, generated from the schema file in the content repository ` +
        "at the commit you are reading. Each page shows the SDL signature, the fields or arguments with their types, and where the type is used.",
      ...REFERENCE_KIND_ORDER.filter((k) => groups.has(k)).map(
        (k) =>
          `## ${REFERENCE_KINDS[k].label}\n\n${groups.get(k)!.length} ${k}.\n\n${groups
            .get(k)!
            .map((p) => `- [\`${p.meta.title}\`](/${p.meta.id}): ${escapeMdx(p.meta.description)}`)
            .join("\n")}`,
      ),
    ];
    return this.page(
      `${GRAPHQL_REFERENCE}/schema`,
      "Schema",
      "Every query, mutation, type and directive of the Sui GraphQL RPC schema, by kind.",
      body.join("\n\n"),
    );
  }
}

/** All reference pages of an SDL document. Throws with the parser's message if the SDL is invalid. */
export function generateGraphqlReference(sdl: string): GeneratedPage[] {
  const document = parse(sdl);
  const schema = buildASTSchema(document);
  const writer = new ReferenceWriter(schema, document.definitions);
  const pages = [
    ...writer.operationPages("queries"),
    ...writer.operationPages("mutations"),
    ...writer.namedTypes().map((t) => writer.typePage(t)),
    ...writer.directivePages(),
  ];
  return [...pages, writer.schemaPage(pages)];
}

export const graphqlGenerator: PageGenerator = {
  sourcePath: "schemas/sui.graphql",
  version: "graphql-reference@3",
  generate: generateGraphqlReference,
};
