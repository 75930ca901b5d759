import { content } from "~/content.server";

const { siteUrl, allowedOrigins, defaultOrigin } = content.config;
const originByHost = new Map(allowedOrigins.map((origin) => [new URL(origin).host, origin]));
const fallback = siteUrl ?? allowedOrigins[0] ?? defaultOrigin;

/**
 * The origin absolute URLs (canonical links, og:url, the sitemap, robots.txt) are written with.
 * It comes from configuration, never from the request: SITE_URL when set; else the ALLOWED_HOSTS
 * origin whose host the request's Host header names, or the first of them; else
 * http://localhost:<PORT>. X-Forwarded-Host is never read, so a forged header cannot reach a
 * response or, through one, a cache.
 */
export function publicOrigin(host: string | null | undefined): string {
  if (siteUrl || !host) return fallback;
  return originByHost.get(host.toLowerCase()) ?? fallback;
}
