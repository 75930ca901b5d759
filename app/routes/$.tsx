import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DocPage } from "~/components/DocPage";
import { loadPage, type PageData } from "~/lib/page-data.server";
import { cacheHeaders } from "~/lib/cache-headers.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const data = await loadPage(new URL(request.url));
  return Response.json(data, { headers: cacheHeaders(data.pinned) });
}

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data || data.kind !== "page") return [{ title: "Page not found · Sui Documentation" }];
  const { page, site } = data;
  const canonical = `${site.siteUrl ?? ""}/${page.id}`;
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
  const data = useLoaderData<typeof loader>() as PageData;
  return <DocPage data={data} />;
}
