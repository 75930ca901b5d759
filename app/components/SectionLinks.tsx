import { NavLink } from "@remix-run/react";
import { useDocHref } from "~/lib/commit";
import { SECTIONS } from "~/lib/sections";

/**
 * The four sections as links, the one the reader is in marked: as the current one of the set
 * (aria-current="true"), since the page itself is usually one inside the section.
 */
export function SectionLinks({ label, className }: { label: string; className: string }) {
  const href = useDocHref();
  return (
    <nav className={className} aria-label={label}>
      {SECTIONS.map((s) => (
        <NavLink key={s.href} to={href(s.href)} prefetch="intent" aria-current="true">
          {s.label}
        </NavLink>
      ))}
    </nav>
  );
}
