import { revisionQuery, type PinnedRevision } from "./commit";

/**
 * The query string a route answers to, in canonical form: the parameters it reads, in `known`
 * order, one value each. `commit` in `known` is the pinned revision's place: `commit=` with the
 * full 40-digit id `pinned` resolved to, or `ref=` with the ref's name. Parameters the route does
 * not read are dropped.
 */
export function canonicalSearch(url: URL, known: readonly string[], pinned?: PinnedRevision): string {
  const parts: string[] = [];
  for (const name of known) {
    if (name === "commit") {
      // A release is named by the path (/v/<tag>/), not the query.
      if (pinned && pinned.param !== "version") parts.push(revisionQuery(pinned));
      continue;
    }
    const value = url.searchParams.get(name);
    if (value !== null) parts.push(new URLSearchParams({ [name]: value }).toString());
  }
  return parts.length ? `?${parts.join("&")}` : "";
}

/**
 * Redirects (301) a request whose query string is not canonical to the same path with the
 * canonical one, so each page has one URL per commit: one entry in the server's page cache and in
 * any CDN's, however the reader abbreviated the commit or whatever tracking parameters it added.
 * Throws the redirect as a Remix response; returns when the URL is canonical already.
 */
export function redirectToCanonical(url: URL, known: readonly string[], pinned?: PinnedRevision): void {
  const search = canonicalSearch(url, known, pinned);
  if (search === url.search) return;
  throw permanentRedirect(`${url.pathname}${search}`);
}

/** A 301 to a path on this site; leading slashes collapse, so "//host/x" cannot leave it. */
export function permanentRedirect(path: string): Response {
  return new Response(null, { status: 301, headers: { Location: `/${path.replace(/^[/\\]+/, "")}` } });
}
