import type { Expression, Program } from "estree";
import type { Root, Text } from "mdast";
import type { MdxJsxAttribute, MdxJsxExpressionAttribute, MdxJsxFlowElement, MdxJsxTextElement } from "mdast-util-mdx-jsx";
import type { MdxjsEsm } from "mdast-util-mdxjs-esm";
import type { Node } from "unist";
import { visit } from "unist-util-visit";
import { problemAt, type PageProblem } from "./problems";
import {
  COMPONENT_PROPS,
  HTML_ELEMENTS,
  isAllowedAttribute,
  isAuthorId,
  isSafeUrl,
  refusedAttributeReason,
  URL_ATTRIBUTES,
  type PropValue,
} from "./safe-html";

/** `import Name from "specifier"` of a snippet, as written. */
export interface SnippetImport {
  name: string;
  specifier: string;
  node: Node;
}

export interface SubsetCheck {
  problems: PageProblem[];
  imports: SnippetImport[];
}

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

const NO_CODE = "a page is data, not code";
const LITERALS = "props take literal values only: a string, a number, true or false, or an array or object of those";

/**
 * Checks a parsed page against the safe subset of MDX: snippet imports, the site's components and
 * allow-listed HTML with literal props, comments, safe URLs. Nothing of the page is ever evaluated;
 * this check is what makes its JSX mean no more than Markdown does.
 */
export function checkSafeSubset(tree: Root, file: string): SubsetCheck {
  const problems: PageProblem[] = [];
  const imports: SnippetImport[] = [];
  const refuse = (node: Node | undefined, reason: string) => problems.push(problemAt(file, node, reason));

  // Imports first: MDX hoists them, so a snippet may be used above its import.
  visit(tree, "mdxjsEsm", (node: MdxjsEsm) => checkEsm(node, imports, refuse));
  visit(tree, (node) => {
    switch (node.type) {
      case "mdxFlowExpression":
      case "mdxTextExpression": {
        const program = (node as { data?: { estree?: Program | null } }).data?.estree;
        if (!program || program.body.length > 0) {
          refuse(
            node,
            `JavaScript expressions are not allowed (${NO_CODE}); ` +
              `write literal braces as \\{ and \\} or put them in \`inline code\`; {/* comments */} are fine`,
          );
        }
        break;
      }
      case "mdxJsxFlowElement":
      case "mdxJsxTextElement":
        checkElement(node as JsxElement, imports, refuse);
        break;
      case "link":
      case "image":
      case "definition": {
        const url = (node as { url: string }).url;
        if (!isSafeUrl(url))
          refuse(node, `the URL "${url.slice(0, 60)}" is not allowed: use http(s):, mailto:, a relative path or a #fragment`);
        break;
      }
      case "code":
      case "inlineCode":
        checkCodeText(node, (node as { value: string }).value, refuse);
        break;
      case "html":
        // remark-mdx reads HTML as JSX, so this only happens if the parser changes: refuse, never pass through.
        refuse(node, "raw HTML is not allowed; write the allowed elements as JSX");
        break;
    }
  });
  return { problems, imports };
}

/**
 * Characters that make code show other than what it holds: bidirectional controls reorder what is
 * displayed (Trojan Source), invisible ones hide in it. Code is what readers copy and run (its Copy
 * button gives the code as written), so what it shows must be all it is.
 */
const DECEPTIVE = /[\u202A-\u202E\u2066-\u2069]|[\u00AD\u200B-\u200D\u2060\uFEFF]/;

function checkCodeText(node: Node, text: string, refuse: (node: Node | undefined, reason: string) => void): void {
  const found = DECEPTIVE.exec(text)?.[0];
  if (found === undefined) return;
  const code = `U+${found.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
  const kind = /[\u202A-\u202E\u2066-\u2069]/.test(found) ? "a bidirectional control" : "an invisible character";
  refuse(node, `code holds ${code}, ${kind}: it would show other than what readers copy and run; remove it`);
}

function checkEsm(node: MdxjsEsm, imports: SnippetImport[], refuse: (node: Node | undefined, reason: string) => void): void {
  for (const statement of node.data?.estree?.body ?? []) {
    if (statement.type !== "ImportDeclaration") {
      refuse(node, `${statement.type.startsWith("Export") ? "export statements" : "JavaScript statements"} are not allowed (${NO_CODE})`);
      continue;
    }
    const [specifier, ...more] = statement.specifiers;
    const source = statement.source.value;
    if (!specifier || more.length || specifier.type !== "ImportDefaultSpecifier" || typeof source !== "string") {
      refuse(node, "only snippets can be imported, as `import Name from '@site/snippets/name.mdx';`");
      continue;
    }
    imports.push({ name: specifier.local.name, specifier: source, node });
  }
}

function checkElement(node: JsxElement, imports: SnippetImport[], refuse: (node: Node | undefined, reason: string) => void): void {
  const name = node.name;
  if (name === null) return; // a fragment, <>...</>, only groups its children
  const snippet = imports.some((i) => i.name === name);
  const component = COMPONENT_PROPS[name];
  const element = HTML_ELEMENTS[name];
  if (!snippet && !component && !element) {
    const hint = /^[A-Z]/.test(name)
      ? `components are ${Object.keys(COMPONENT_PROPS).join(", ")} or an imported snippet`
      : "it is not on the list of allowed HTML elements (no script, iframe, object, embed, form, base or style)";
    refuse(node, `<${name}> is not allowed: ${hint}`);
    return;
  }
  // An author's <pre><code> is highlighted, and copied, as code.
  if (name === "pre") visit(node, "text", (text: Text) => checkCodeText(text, text.value, refuse));
  for (const attribute of node.attributes) {
    const where = (attribute as { position?: Node["position"] }).position ? (attribute as Node) : node;
    if (attribute.type === "mdxJsxExpressionAttribute") {
      refuse(where, `<${name}>: spread attributes {...} are not allowed (${NO_CODE})`);
      continue;
    }
    if (snippet) {
      refuse(where, `<${name}>: a snippet takes no props`);
      continue;
    }
    const allowed = component ? component.includes(attribute.name) : isAllowedAttribute(name, attribute.name);
    if (!allowed) {
      const why =
        component && !/^on/i.test(attribute.name)
          ? `${name} takes ${component.length ? component.join(", ") : "no props"}`
          : refusedAttributeReason(attribute.name);
      refuse(where, `<${name}>: the attribute ${attribute.name} is not allowed: ${why}`);
      continue;
    }
    const value = attributeValue(attribute);
    if (value instanceof Error) {
      refuse(where, `<${name} ${attribute.name}>: ${value.message}`);
      continue;
    }
    if (attribute.name === "id" && !component && (typeof value !== "string" || !isAuthorId(value))) {
      refuse(
        where,
        `<${name} id="${String(value).slice(0, 60)}">: use a plain name (letters, digits, - and _) ` +
          `that is not one of the site's own (main, doc-sidebar, search-…, tabs-…, footnote-…)`,
      );
      continue;
    }
    if (URL_ATTRIBUTES.has(attribute.name) && (typeof value !== "string" || !isSafeUrl(value))) {
      refuse(
        where,
        `<${name} ${attribute.name}>: the URL "${String(value).slice(0, 60)}" is not allowed: use http(s):, mailto:, a relative path or a #fragment`,
      );
    }
  }
}

/** The literal value of an attribute (true for a bare attribute), or an Error saying why it is not literal. */
export function attributeValue(attribute: MdxJsxAttribute | MdxJsxExpressionAttribute): PropValue | Error {
  if (attribute.type === "mdxJsxExpressionAttribute") return new Error("spread attributes are not allowed");
  const { value } = attribute;
  if (value === null || value === undefined) return true;
  if (typeof value === "string") return value;
  const statement = value.data?.estree?.body[0];
  if (!statement || statement.type !== "ExpressionStatement" || value.data!.estree!.body.length !== 1) return new Error(LITERALS);
  return literal(statement.expression);
}

function literal(expression: Expression | { type: string }): PropValue | Error {
  const node = expression as Expression;
  switch (node.type) {
    case "Literal":
      if ("regex" in node || "bigint" in node) return new Error(LITERALS);
      return node.value as PropValue;
    case "UnaryExpression":
      if (node.operator === "-" && node.argument.type === "Literal" && typeof node.argument.value === "number") return -node.argument.value;
      return new Error(LITERALS);
    case "TemplateLiteral":
      if (node.expressions.length) return new Error(LITERALS);
      return node.quasis.map((q) => q.value.cooked ?? "").join("");
    case "ArrayExpression": {
      const items: PropValue[] = [];
      for (const element of node.elements) {
        if (!element || element.type === "SpreadElement") return new Error(LITERALS);
        const item = literal(element);
        if (item instanceof Error) return item;
        items.push(item);
      }
      return items;
    }
    case "ObjectExpression": {
      const object: Record<string, PropValue> = {};
      for (const property of node.properties) {
        if (property.type !== "Property" || property.computed || property.kind !== "init" || property.method || property.shorthand)
          return new Error(LITERALS);
        const key =
          property.key.type === "Identifier" ? property.key.name : property.key.type === "Literal" ? String(property.key.value) : undefined;
        if (key === undefined || key === "__proto__") return new Error(LITERALS);
        const item = literal(property.value);
        if (item instanceof Error) return item;
        object[key] = item;
      }
      return object;
    }
    default:
      return new Error(LITERALS);
  }
}
