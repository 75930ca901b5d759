import { Link } from "@remix-run/react";
import type { AnchorHTMLAttributes } from "react";
import { useDocHref } from "~/lib/commit";

/** Internal links navigate client-side and keep the pinned commit, as do links to static files; others open as usual. */
export function DocLink({ href = "", children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  const docHref = useDocHref();
  if (href.startsWith("/") && !href.startsWith("//") && !href.startsWith("/static/")) {
    return (
      <Link to={docHref(href)} prefetch="intent" {...rest}>
        {children}
      </Link>
    );
  }
  const external = /^https?:\/\//.test(href);
  return (
    <a href={docHref(href)} {...(external ? { target: "_blank", rel: "noreferrer" } : {})} {...rest}>
      {children}
    </a>
  );
}
