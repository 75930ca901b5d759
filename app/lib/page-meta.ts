import type { MetaDescriptor } from "@remix-run/node";
import { documentTitle, type SiteSettings } from "./site";

/** The default social image (public/social-card.png, drawn from public/social-card.svg). */
export const SOCIAL_IMAGE = { path: "/social-card.png", width: 1200, height: 630 } as const;

/**
 * A page's title, description, canonical link and Open Graph / Twitter card tags. URLs start with
 * the site's public origin (origin.server.ts): the canonical URL, og:url and og:image are absolute,
 * as crawlers and link previews require.
 */
export function pageMeta({
  site,
  path,
  title,
  description,
  type,
}: {
  site: SiteSettings;
  path: string;
  title?: string;
  description: string;
  type: "website" | "article";
}): MetaDescriptor[] {
  const url = `${site.origin}${path}`;
  const image = `${site.origin}${SOCIAL_IMAGE.path}`;
  return [
    { title: documentTitle(site, title) },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: title ?? site.name },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:url", content: url },
    { property: "og:site_name", content: site.name },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(SOCIAL_IMAGE.width) },
    { property: "og:image:height", content: String(SOCIAL_IMAGE.height) },
    { property: "og:image:alt", content: site.name },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image", content: image },
  ];
}
