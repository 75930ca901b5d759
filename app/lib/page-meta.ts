import type { MetaDescriptor } from "@remix-run/node";

/** The default social image (public/social-card.png, drawn from public/social-card.svg). */
export const SOCIAL_IMAGE = { path: "/social-card.png", width: 1200, height: 630, alt: "Sui Documentation" } as const;

const SITE_NAME = "Sui Documentation";

/**
 * A page's title, description, canonical link and Open Graph / Twitter card tags. `origin` is the
 * site's public origin (origin.server.ts), so the canonical URL, og:url and og:image are absolute,
 * as crawlers and link previews require.
 */
export function pageMeta({
  origin,
  path,
  title,
  description,
  type,
}: {
  origin: string;
  path: string;
  title?: string;
  description: string;
  type: "website" | "article";
}): MetaDescriptor[] {
  const url = `${origin}${path}`;
  const image = `${origin}${SOCIAL_IMAGE.path}`;
  return [
    { title: title ? `${title} · ${SITE_NAME}` : SITE_NAME },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: title ?? SITE_NAME },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:url", content: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(SOCIAL_IMAGE.width) },
    { property: "og:image:height", content: String(SOCIAL_IMAGE.height) },
    { property: "og:image:alt", content: SOCIAL_IMAGE.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image", content: image },
  ];
}
