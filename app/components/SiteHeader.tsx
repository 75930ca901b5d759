import { Link, NavLink } from "@remix-run/react";
import { useDocHref } from "~/lib/commit";
import { ThemeToggle } from "./ThemeToggle";
import { SIDEBAR_ID } from "./SidebarDrawer";
import { Search } from "./search/Search";

export const SECTIONS = [
  { label: "Guides", href: "/guides" },
  { label: "Concepts", href: "/concepts" },
  { label: "Standards", href: "/standards" },
  { label: "References", href: "/references" },
] as const;

export function SiteHeader({ sourceRepoUrl, onMenu, menuOpen = false }: { sourceRepoUrl: string; onMenu?: () => void; menuOpen?: boolean }) {
  const href = useDocHref();
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {onMenu ? (
        <button type="button" className="menu-button" onClick={onMenu} aria-label="Open navigation" aria-expanded={menuOpen} aria-controls={SIDEBAR_ID}>
          ☰
        </button>
      ) : null}
      <Link to={href("/")} className="brand">
        <span className="brand-mark" aria-hidden="true">◆</span> Sui Docs
      </Link>
      <nav className="sections" aria-label="Sections">
        {SECTIONS.map((s) => (
          <NavLink key={s.href} to={href(s.href)} prefetch="intent">
            {s.label}
          </NavLink>
        ))}
      </nav>
      <div className="header-tools">
        <Search />
        <ThemeToggle />
        <a className="source-link" href={sourceRepoUrl} target="_blank" rel="noreferrer">
          GitHub
        </a>
      </div>
    </header>
  );
}

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div>
        <strong>Learn</strong>
        {SECTIONS.map((s) => (
          <Link key={s.href} to={s.href}>
            {s.label}
          </Link>
        ))}
      </div>
      <div>
        <strong>For tools</strong>
        <a href="/api/catalogue">Page catalogue (JSON)</a>
        <a href="/sitemap.xml">Sitemap</a>
      </div>
      <p className="footer-note">Documentation served live from Git. Every page can be read at any commit.</p>
    </footer>
  );
}
