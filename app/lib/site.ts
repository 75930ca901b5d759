import { useRouteLoaderData } from "@remix-run/react";
import type { MetaArgs } from "@remix-run/node";

/** What every page says of the site itself, read once per request by the root loader (site.server.ts). */
export interface SiteSettings {
  /** The site's name, after each page's title (SITE_NAME). */
  name: string;
  /** The site's own source repository, linked from the top bar (SOURCE_REPO_URL). */
  sourceRepoUrl: string;
  /** Where absolute URLs point (origin.server.ts). */
  origin: string;
  /** Whether the site serves releases at /v/<tag>/ (VERSION_TAGS), which the header's version menu offers. */
  versions: boolean;
}

/**
 * The root loader's shape (root.tsx answers siteSettings(request)), written here rather than
 * imported from root.tsx, which imports this module: no import circle, even of types.
 */
type RootLoader = () => SiteSettings;

/** The meta function arguments of a route, with the root route's data typed. */
export type MetaArgsWithSite<Loader> = MetaArgs<Loader, { root: RootLoader }>;

/** The site settings, for components; undefined only on the error page of a root loader that failed. */
export function useSite(): SiteSettings | undefined {
  return useRouteLoaderData<RootLoader>("root");
}

/** The site settings, for meta functions. */
export function siteOf(matches: MetaArgsWithSite<unknown>["matches"]): SiteSettings | undefined {
  return matches.find((match) => match.id === "root")?.data;
}

/** A document title: the page's, then the site's name. */
export function documentTitle(site: SiteSettings | undefined, title?: string): string {
  if (!site) return title ?? "";
  return title ? `${title} · ${site.name}` : site.name;
}
