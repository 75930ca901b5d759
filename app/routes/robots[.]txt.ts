import type { LoaderFunctionArgs } from "@remix-run/node";
import { publicOrigin } from "~/lib/origin.server";

export function loader({ request }: LoaderFunctionArgs) {
  const origin = publicOrigin(request.headers.get("Host"));
  return new Response(`User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /history/\n\nSitemap: ${origin}/sitemap.xml\n`, {
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
