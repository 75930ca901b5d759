/**
 * The query string a route answers to, in canonical form: the parameters it reads, in `known`
 * order, one value each, and `commit` as the full 40-digit id `pinned` resolved to. Parameters the
 * route does not read are dropped.
 */
export function canonicalSearch(url: URL, known: readonly string[], pinned?: string): string {
  const params = new URLSearchParams();
  for (const name of known) {
    const value = name === "commit" ? pinned : url.searchParams.get(name);
    if (value !== undefined && value !== null) params.set(name, value);
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}

/**
 * Redirects (301) a request whose query string is not canonical to the same path with the
 * canonical one, so each page has one URL per commit: one entry in the server's page cache and in
 * any CDN's, however the reader abbreviated the commit or whatever tracking parameters it added.
 * Throws the redirect as a Remix response; returns when the URL is canonical already.
 */
export function redirectToCanonical(url: URL, known: readonly string[], pinned?: string): void {
  const search = canonicalSearch(url, known, pinned);
  if (search === url.search) return;
  throw permanentRedirect(`${url.pathname}${search}`);
}

/** A 301 to a path on this site; leading slashes collapse, so "//host/x" cannot leave it. */
export function permanentRedirect(path: string): Response {
  return new Response(null, { status: 301, headers: { Location: `/${path.replace(/^[/\\]+/, "")}` } });
}
