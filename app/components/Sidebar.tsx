import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { SidebarItem } from "../../server/index";
import { useDocHref } from "~/lib/commit";

interface Props {
  items: SidebarItem[];
  currentId: string;
}

function containsPage(item: SidebarItem, id: string): boolean {
  return item.docId === id || (item.type === "category" && item.items.some((child) => containsPage(child, id)));
}

/** Server-rendered tree; categories are <details>, so they open and close without JavaScript. */
export function Sidebar({ items, currentId }: Props) {
  return (
    <nav className="sidebar" aria-label="Section navigation">
      <SidebarList items={items} currentId={currentId} level={1} />
    </nav>
  );
}

function SidebarList({ items, currentId, level }: Props & { level: number }) {
  return (
    <ul className={`sidebar-list level-${level}`}>
      {items.map((item) =>
        item.type === "category" ? (
          <SidebarCategory key={`c:${item.label}:${item.href ?? ""}`} item={item} currentId={currentId} level={level} />
        ) : (
          <li key={`l:${item.href}`}>
            <SidebarLink item={item} active={item.docId === currentId} />
          </li>
        ),
      )}
    </ul>
  );
}

function SidebarLink({ item, active }: { item: SidebarItem; active: boolean }) {
  const href = useDocHref();
  if (!item.href) return <span className="sidebar-label">{item.label}</span>;
  if (!item.href.startsWith("/")) {
    return (
      <a className="sidebar-link external" href={item.href} target="_blank" rel="noreferrer">
        {item.label}
        <span aria-hidden="true"> ↗</span>
      </a>
    );
  }
  return (
    <Link className={`sidebar-link${active ? " active" : ""}`} to={href(item.href)} prefetch="intent" aria-current={active ? "page" : undefined}>
      {item.label}
    </Link>
  );
}

function SidebarCategory({ item, currentId, level }: { item: Extract<SidebarItem, { type: "category" }>; currentId: string; level: number }) {
  const onPath = containsPage(item, currentId);
  const [open, setOpen] = useState(onPath || !item.collapsed || !item.collapsible);
  // Opening the way to a page reached by client-side navigation; closing is left to the reader.
  useEffect(() => {
    if (onPath) setOpen(true);
  }, [onPath, currentId]);
  return (
    <li className={`sidebar-category${onPath ? " on-path" : ""}`}>
      <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary aria-label={`${item.label}, ${open ? "expanded" : "collapsed"} category`}>
          <SidebarLink item={item} active={item.docId === currentId} />
          <span className="chevron" aria-hidden="true" />
        </summary>
        <SidebarList items={item.items} currentId={currentId} level={level + 1} />
      </details>
    </li>
  );
}
