import { NavLink } from "@remix-run/react";
import { useDocHref } from "~/lib/commit";
import { SECTIONS } from "~/lib/sections";

/** The four sections as links, the one the reader is in marked; in the header and in the drawer. */
export function SectionLinks({ label, className }: { label: string; className: string }) {
  const href = useDocHref();
  return (
    <nav className={className} aria-label={label}>
      {SECTIONS.map((s) => (
        <NavLink key={s.href} to={href(s.href)} prefetch="intent">
          {s.label}
        </NavLink>
      ))}
    </nav>
  );
}
