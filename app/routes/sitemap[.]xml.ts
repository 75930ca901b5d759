import type { LoaderFunctionArgs } from "@remix-run/node";
import { content } from "~/content.server";
import { publicOrigin } from "~/lib/origin.server";

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Every page of the live commit, with absolute URLs as the sitemap protocol wants (origin: see publicOrigin). */
export function loader({ request }: LoaderFunctionArgs) {
  const origin = publicOrigin(request.headers.get("Host"));
  const live = content.liveSnapshot();
  const lastmod = new Date(live.commit.timestamp * 1000).toISOString().slice(0, 10);
  const urls = ["", ...live.catalogue.pages.keys()]
    .map((id) => `<url><loc>${escapeXml(`${origin}/${id}`)}</loc><lastmod>${lastmod}</lastmod></url>`)
    .join("\n");
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
    {
      headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
    },
  );
}
