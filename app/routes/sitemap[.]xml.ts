import type { LoaderFunctionArgs } from "@remix-run/node";
import { content } from "~/content.server";

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Every page of the live commit; absolute when SITE_URL is set, as the sitemap protocol wants. */
export function loader({ request }: LoaderFunctionArgs) {
  const origin = content.config.siteUrl ?? new URL(request.url).origin;
  const lastmod = new Date(content.live.snapshot.commit.timestamp * 1000).toISOString().slice(0, 10);
  const urls = ["", ...content.live.snapshot.catalogue.pages.keys()]
    .map((id) => `<url><loc>${escapeXml(`${origin}/${id}`)}</loc><lastmod>${lastmod}</lastmod></url>`)
    .join("\n");
  return new Response(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
