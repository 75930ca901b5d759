import { data, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DocPage } from "~/components/DocPage";
import { loadPage } from "~/lib/page-data.server";
import { cacheHeaders } from "~/lib/cache-headers.server";
import { publicOrigin } from "~/lib/origin.server";
import codeTokenStyles from "~/styles/code-tokens.css";
import pageBodyStyles from "~/styles/page-body.css";
import { pageMeta } from "~/lib/page-meta";
import { withRevision } from "~/lib/commit";
import { documentTitle, siteOf, type MetaArgsWithSite } from "~/lib/site";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = await loadPage(request, publicOrigin(request.headers.get("Host")), context.clientAddress);
  context.page =
    page.kind === "markdown"
      ? { commit: page.commit, markdown: page.text }
      : { commit: page.commit.oid, body: page.page.html, ...(page.latest ? { latest: page.latest.commit } : {}) };
  return data(page, { headers: cacheHeaders(page.pinned, request) });
}

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: pageBodyStyles },
  { rel: "stylesheet", href: codeTokenStyles },
];

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

export const meta = ({ data, matches }: MetaArgsWithSite<typeof loader>) => {
  const site = siteOf(matches);
  if (!site || !data || data.kind !== "page") return [{ title: documentTitle(site, "Page not found") }];
  const { page, latest } = data;
  // A release's page names Latest's as canonical while Latest has it: one address for search engines.
  const path = latest && !latest.exists ? withRevision(`/${page.id}`, data.pinned) : (latest?.path ?? `/${page.id}`);
  return pageMeta({ site, path, title: page.title, description: page.description, type: "article" });
};

export default function Page() {
  const page = useLoaderData<typeof loader>();
  // The Markdown twin never renders: entry.server answers it with the source.
  return page.kind === "page" ? <DocPage data={page} /> : null;
}
