import { data, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DocPage } from "~/components/DocPage";
import { loadPage } from "~/lib/page-data.server";
import { cacheHeaders } from "~/lib/cache-headers.server";
import { publicOrigin } from "~/lib/origin.server";
import codeTokenStyles from "~/styles/code-tokens.css";
import pageBodyStyles from "~/styles/page-body.css";

export async function loader({ request }: LoaderFunctionArgs) {
  const page = await loadPage(new URL(request.url), publicOrigin(request.headers.get("Host")));
  return data(page, { headers: cacheHeaders(page.pinned) });
}

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: pageBodyStyles },
  { rel: "stylesheet", href: codeTokenStyles },
];

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data || data.kind !== "page") return [{ title: "Page not found · Sui Documentation" }];
  const { page, site } = data;
  const canonical = `${site.origin}/${page.id}`;
  return [
    { title: `${page.title} · Sui Documentation` },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:type", content: "article" },
    { property: "og:url", content: canonical },
    { property: "og:site_name", content: "Sui Documentation" },
    { name: "twitter:card", content: "summary" },
  ];
};

export default function Page() {
  const page = useLoaderData<typeof loader>();
  // The Markdown twin never renders: entry.server answers it with the source.
  return page.kind === "page" ? <DocPage data={page} /> : null;
}
