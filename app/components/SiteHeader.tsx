import { Link } from "@remix-run/react";
import type { MouseEvent } from "react";
import { useDocHref } from "~/lib/commit";
import { SECTIONS } from "~/lib/sections";
import { ThemeToggle } from "./ThemeToggle";
import { SIDEBAR_ID, SidebarDrawer } from "./SidebarDrawer";
import { useDrawer, type Drawer } from "~/hooks/useDrawer";
import { SectionLinks } from "./SectionLinks";
import { Search } from "./search/Search";
import { useSite } from "~/lib/site";
import { VersionMenu } from "./VersionMenu";

const COMMUNITY = [
  { label: "GitHub", href: "https://github.com/MystenLabs/sui" },
  { label: "Discord", href: "https://discord.gg/sui" },
  { label: "Forum", href: "https://forums.sui.io" },
] as const;

/** The site's mark: a page of text whose first line is a wave. Our own drawing, also the favicon. */
export function Logo() {
  return (
    <svg className="brand-mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#1f6feb" />
      <path
        d="M8 11.5q2-2.6 4 0t4 0 4 0 4 0M8 17.5h16M8 23.5h10"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The top bar, with the menu that opens the navigation drawer. A page with a sidebar passes the
 * drawer it renders beside its content; any other page gets a drawer of the four sections here.
 * The menu control is a link to the drawer, so before hydration or without JavaScript it still
 * opens it (CSS shows the drawer while it is the URL's :target).
 */
export function SiteHeader({ drawer }: { drawer?: Drawer }) {
  const href = useDocHref();
  const site = useSite();
  const own = useDrawer();
  const menu = drawer ?? own;
  const openMenu = (e: MouseEvent) => {
    e.preventDefault();
    menu.show();
  };
  return (
    <>
      <header className="site-header">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <a
          className="menu-button"
          href={`#${SIDEBAR_ID}`}
          onClick={openMenu}
          aria-label="Open navigation"
          aria-expanded={menu.open}
          aria-controls={SIDEBAR_ID}
        >
          <span aria-hidden="true">☰</span>
        </a>
        <Link to={href("/")} className="brand">
          <Logo /> Sui Docs
        </Link>
        <SectionLinks label="Sections" className="sections" />
        <div className="header-tools">
          {site?.versions ? <VersionMenu /> : null}
          <Search />
          <ThemeToggle />
          {site ? (
            <a className="source-link" href={site.sourceRepoUrl} target="_blank" rel="noreferrer">
              GitHub
            </a>
          ) : null}
        </div>
      </header>
      {drawer ? null : <SidebarDrawer open={own.open} onClose={own.close} />}
    </>
  );
}

export function SiteFooter() {
  const href = useDocHref();
  return (
    <footer className="site-footer">
      <div>
        <strong>Learn</strong>
        {SECTIONS.map((s) => (
          <Link key={s.href} to={href(s.href)}>
            {s.label}
          </Link>
        ))}
      </div>
      <div>
        <strong>Community</strong>
        {COMMUNITY.map((c) => (
          <a key={c.href} href={c.href} rel="noreferrer">
            {c.label}
          </a>
        ))}
      </div>
      <div>
        <strong>For tools</strong>
        <a href="/api/catalogue">Page catalogue (JSON)</a>
        <a href="/sitemap.xml">Sitemap</a>
        <a href="/llms.txt">llms.txt</a>
      </div>
      <p className="footer-note">
        Documentation text licensed under{" "}
        <a href="https://creativecommons.org/licenses/by/4.0/" rel="license noreferrer">
          CC BY 4.0
        </a>
        . Served live from Git: every page can be read at any commit.
      </p>
    </footer>
  );
}
