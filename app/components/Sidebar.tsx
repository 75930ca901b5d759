import { PrefetchPageLinks } from "@remix-run/react";
import { Fragment, useRef, type ReactNode } from "react";
import type { SidebarItem } from "../../server/index";
import { useDocHref } from "~/lib/commit";
import { useCategoryOpen } from "~/hooks/useCategoryOpen";
import { useClientLinks } from "~/hooks/useClientLinks";

type Category = Extract<SidebarItem, { type: "category" }>;

interface Props {
  items: SidebarItem[];
  currentId: string;
}

function containsPage(item: SidebarItem, id: string): boolean {
  return item.docId === id || (item.type === "category" && item.items.some((child) => containsPage(child, id)));
}

/**
 * Server-rendered tree. Categories are <details>, so they open and close without JavaScript and
 * screen readers announce them as expanded or collapsed. A category with a page of its own shows its
 * link beside the toggle, never inside it: a link inside a <summary> would be two controls in one.
 * Its links are plain <a> elements navigated by one delegated listener: a reference section has
 * hundreds, and rendering each as a Remix <Link> was most of a cold page's render time.
 */
export function Sidebar({ items, currentId }: Props) {
  const ref = useRef<HTMLElement>(null);
  const intent = useClientLinks(ref);
  return (
    <nav ref={ref} className="sidebar" aria-label="Section navigation">
      <SidebarList items={items} currentId={currentId} level={1} path="" />
      {intent ? <PrefetchPageLinks page={intent} /> : null}
    </nav>
  );
}

function SidebarList({ items, currentId, level, path }: Props & { level: number; path: string }) {
  return (
    <ul className={`sidebar-list level-${level}`}>
      {items.map((item) =>
        item.type === "category" ? (
          <SidebarCategory
            key={`c:${item.label}:${item.href ?? ""}`}
            item={item}
            currentId={currentId}
            level={level}
            path={`${path}/${item.label}`}
          />
        ) : (
          <li key={`l:${item.href}`}>
            <SidebarLink item={item} active={item.docId === currentId} />
          </li>
        ),
      )}
    </ul>
  );
}

/** Long camelCase names (GraphQL types) may wrap between their words rather than at any letter. */
function wrappable(label: string): ReactNode {
  if (!/[a-z][A-Z]\w*[a-z][A-Z]/.test(label)) return label;
  return label.split(/(\s+)/).map((word, i) =>
    word.length < 16 ? (
      word
    ) : (
      <Fragment key={i}>
        {word.split(/(?<=[a-z])(?=[A-Z])/).map((part, j) => (
          <Fragment key={j}>
            {j ? <wbr /> : null}
            {part}
          </Fragment>
        ))}
      </Fragment>
    ),
  );
}

function SidebarLink({ item, active }: { item: SidebarItem; active: boolean }) {
  const href = useDocHref();
  if (!item.href) return <span className="sidebar-label">{item.label}</span>;
  if (!item.href.startsWith("/")) {
    return (
      <a className="sidebar-link external" href={item.href} target="_blank" rel="noreferrer">
        {wrappable(item.label)}
        <span aria-hidden="true"> ↗</span>
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <a className={`sidebar-link${active ? " active" : ""}`} href={href(item.href)} aria-current={active ? "page" : undefined}>
      {wrappable(item.label)}
    </a>
  );
}

function SidebarCategory({ item, currentId, level, path }: { item: Category; currentId: string; level: number; path: string }) {
  const onPath = containsPage(item, currentId);
  const [open, setOpen] = useCategoryOpen(path, onPath || !item.collapsed, onPath, currentId);
  const className = `sidebar-category${onPath ? " on-path" : ""}${item.href ? " has-link" : ""}`;
  const children = <SidebarList items={item.items} currentId={currentId} level={level + 1} path={path} />;
  if (!item.collapsible) {
    return (
      <li className={className}>
        <SidebarLink item={item} active={item.docId === currentId} />
        {children}
      </li>
    );
  }
  return (
    <li className={className}>
      {item.href ? <SidebarLink item={item} active={item.docId === currentId} /> : null}
      <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        {item.href ? (
          <summary className="category-toggle" aria-label={`Pages under ${item.label}`}>
            <span className="chevron" aria-hidden="true" />
          </summary>
        ) : (
          <summary className="category-toggle with-label">
            <span className="sidebar-label">{item.label}</span>
            <span className="chevron" aria-hidden="true" />
          </summary>
        )}
        {children}
      </details>
    </li>
  );
}
