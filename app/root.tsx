import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteError, Link } from "@remix-run/react";
import type { HeadersFunction, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useEffect, type ReactNode } from "react";
import { THEME_SCRIPT } from "~/components/ThemeToggle";
import { PageShell } from "~/components/PageShell";
import { SECTIONS } from "~/lib/sections";
import { isErrorPayload, type ErrorPayload } from "~/lib/error-payload";
import { documentTitle, siteOf, type MetaArgsWithSite } from "~/lib/site";
import { siteSettings } from "~/lib/site.server";
import styles from "~/styles/site.css";
import searchStyles from "~/styles/search.css";
import markupStyles from "~/styles/markup.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "stylesheet", href: searchStyles },
  { rel: "stylesheet", href: markupStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** The site settings every page reads (useSite), on every request: the origin depends on its Host. */
export function loader({ request }: LoaderFunctionArgs) {
  return siteSettings(request);
}

/** Titles the site's error page with its heading; pages that render normally set their own. */
/**
 * The root's boundary renders every error, so only its headers function sees an error's headers:
 * a refusal's Retry-After (too many diffs or compiles under way) reaches the reader this way, and
 * only that header of the thrown response, whose others (its JSON Content-Type) are not the page's.
 */
export const headers: HeadersFunction = ({ errorHeaders }) => {
  const retryAfter = errorHeaders?.get("Retry-After");
  return retryAfter ? [["Retry-After", retryAfter]] : [];
};

export const meta = ({ error, matches }: MetaArgsWithSite<typeof loader>) =>
  error ? [{ title: documentTitle(siteOf(matches), errorPayload(error).title) }] : [];

export function Layout({ children }: { children: ReactNode }) {
  // Marks the page once React has hydrated it: CSS shows controls that need JavaScript, tests wait for it.
  useEffect(() => document.documentElement.setAttribute("data-hydrated", ""), []);
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** What the error page says about a thrown response or error. */
function errorPayload(error: unknown): ErrorPayload {
  return isRouteErrorResponse(error)
    ? isErrorPayload(error.data)
      ? error.data
      : { status: error.status, title: error.status === 404 ? "Page not found" : "Error", message: String(error.data || error.statusText) }
    : { status: 500, title: "Something went wrong", message: "The page could not be rendered." };
}

/** The site's error page: 404s, bad requests and failures, with links back into the docs. */
export function ErrorBoundary() {
  const error = useRouteError();
  const payload = errorPayload(error);
  return (
    <PageShell>
      <main id="main" className="error-page">
        <p className="error-status">{payload.status}</p>
        <h1>{payload.title}</h1>
        <p>{payload.message}</p>
        <ul className="error-links">
          {payload.suggestion ? (
            <li>
              <Link to={payload.suggestion.href}>{payload.suggestion.label}</Link>
            </li>
          ) : null}
          {[{ label: "Home", href: "/" }, ...SECTIONS].map((link) => (
            <li key={link.href}>
              <Link to={link.href}>{link.label}</Link>
            </li>
          ))}
        </ul>
      </main>
    </PageShell>
  );
}
