import type { LoaderFunctionArgs } from "@remix-run/node";
import { content } from "~/content.server";

export function loader({ request }: LoaderFunctionArgs) {
  const origin = content.config.siteUrl ?? new URL(request.url).origin;
  return new Response(`User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /history/\n\nSitemap: ${origin}/sitemap.xml\n`, {
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
