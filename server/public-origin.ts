import type { Config } from "./config";

/**
 * The origin absolute URLs (canonical links, og:url, the sitemap, robots.txt) are written with, by
 * the request's Host header. It comes from configuration, never from the request: SITE_URL when
 * set; else the ALLOWED_HOSTS origin whose host the Host header names, or the first of them; else
 * http://localhost:<PORT>. X-Forwarded-Host is never read, so a forged header cannot reach a
 * response or, through one, a cache.
 */
export function publicOriginOf({ siteUrl, allowedOrigins, defaultOrigin }: Config): (host: string | null | undefined) => string {
  const originByHost = new Map(allowedOrigins.map((origin) => [new URL(origin).host, origin]));
  const fallback = siteUrl ?? allowedOrigins[0] ?? defaultOrigin;
  return (host) => (siteUrl || !host ? fallback : (originByHost.get(host.toLowerCase()) ?? fallback));
}
