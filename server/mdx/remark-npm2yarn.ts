import type { Code, Root, RootContent } from "mdast";
import type { MdxJsxAttribute, MdxJsxFlowElement } from "mdast-util-mdx-jsx";
import { SKIP, visit } from "unist-util-visit";
import type { VFile } from "vfile";
import { convertNpmBlock, PACKAGE_MANAGERS, UnsupportedNpmCommand } from "./package-manager-commands";

/** Tabs of every install fence switch together, and with authored tabs of the same group. */
export const PACKAGE_MANAGER_GROUP = "package-manager";

/**
 * A fence whose meta says `npm2yarn` becomes the site's Tabs with one TabItem per package
 * manager, each holding the command in that manager's words: the same tree an author gets by
 * writing `<Tabs groupId="package-manager">` by hand, so it renders, syncs and is checked alike.
 */
export function remarkNpm2yarn() {
  return (tree: Root, file: VFile) => {
    visit(tree, "code", (node: Code, index, parent) => {
      if (!parent || index === undefined || !/(^|\s)npm2yarn(\s|$)/.test(node.meta ?? "")) return;
      let commands;
      try {
        commands = convertNpmBlock(node.value);
      } catch (error) {
        if (error instanceof UnsupportedNpmCommand) file.fail(error.message, { place: node.position });
        throw error;
      }
      const meta = (node.meta ?? "").replace(/(^|\s)npm2yarn(?=\s|$)/, " ").trim() || null;
      const items = PACKAGE_MANAGERS.map((pm) =>
        element("TabItem", { value: pm, label: pm }, [
          { type: "code", lang: node.lang, meta, value: commands[pm], position: node.position },
        ]),
      );
      (parent.children as RootContent[])[index] = element("Tabs", { groupId: PACKAGE_MANAGER_GROUP }, items);
      return [SKIP, index + 1];
    });
  };
}

function element(name: string, props: Record<string, string>, children: MdxJsxFlowElement["children"]): MdxJsxFlowElement {
  const attributes: MdxJsxAttribute[] = Object.entries(props).map(([key, value]) => ({ type: "mdxJsxAttribute", name: key, value }));
  return { type: "mdxJsxFlowElement", name, attributes, children };
}
