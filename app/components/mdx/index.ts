import { Admonition } from "./Admonition";
import { Badge, Card, Cards, Steps } from "./Cards";
import { CodeBlock } from "./CodeBlock";
import { DocLink } from "./DocLink";
import { DocImage } from "./DocImage";
import { Table } from "./Table";
import { TabItem, Tabs } from "./Tabs";

/** Components every page can use without importing them, and the overrides of plain elements. */
export const mdxComponents = { Admonition, Tabs, TabItem, Cards, Card, Steps, Badge, a: DocLink, img: DocImage, pre: CodeBlock, table: Table };
