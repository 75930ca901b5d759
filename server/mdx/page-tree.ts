import type { ElementContent, Properties, Root } from "hast";
import { find, hastToReact, html } from "property-information";
import { BLOCK_CONTAINERS, TOKEN_TAG, tokenColours, type PageElement, type PageNode, type PageProps, type PropValue } from "./safe-html";

/**
 * Turns the compiled hast into the page's compact tree: JSON arrays, props named as React names
 * them, comments and meaningless whitespace dropped. It is what the server renders and what the
 * browser hydrates from, so its size is the page's payload.
 */
export function toPageTree(root: Root): PageNode[] {
  return nodes(root.children as ElementContent[], "");
}

function nodes(children: readonly ElementContent[], parentTag: string): PageNode[] {
  const result: PageNode[] = [];
  const dropBlank = parentTag === "" || BLOCK_CONTAINERS.has(parentTag);
  for (const child of children as Array<ElementContent | Root>) {
    if (child.type === "root") {
      // Shiki puts each highlighted block in place as a fragment of its own.
      result.push(...nodes(child.children as ElementContent[], parentTag));
    } else if (child.type === "text") {
      if (dropBlank && !child.value.trim()) continue;
      const last = result.at(-1);
      if (typeof last === "string") result[result.length - 1] = last + child.value;
      else result.push(child.value);
    } else if (child.type === "element") {
      const component = /^[A-Z]/.test(child.tagName);
      const props = component ? (child.properties as PageProps) : reactProps(child.properties);
      const children = nodes(child.children, child.tagName);
      const colours = child.tagName === "span" && Object.keys(props).length === 1 && typeof props.style === "string" ? tokenColours(props.style) : undefined;
      const element: PageElement = colours
        ? [TOKEN_TAG + colours, ...children]
        : Object.keys(props).length
          ? [child.tagName, props, ...children]
          : [child.tagName, ...children];
      result.push(element);
    }
  }
  return result;
}

function reactProps(properties: Properties): PageProps {
  const props: PageProps = {};
  for (const [key, value] of Object.entries(properties)) {
    if (value === undefined || value === null || value === false) continue;
    const info = find(html, key);
    const name = /^(aria|data)-/.test(info.attribute) ? info.attribute : (hastToReact[info.property as keyof typeof hastToReact] ?? info.property);
    props[name] = Array.isArray(value) ? value.join(info.commaSeparated ? ", " : " ") : (value as PropValue);
  }
  return props;
}
