import { data, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageShell } from "~/components/PageShell";
import { PreviewBanner } from "~/components/PreviewBanner";
import { SECTIONS } from "~/lib/sections";
import { documentTitle, siteOf, type MetaArgsWithSite } from "~/lib/site";
import { pageMeta } from "~/lib/page-meta";
import { errorResponse } from "~/lib/http.server";
import { contentRequest } from "~/lib/content-request.server";
import { withRevision } from "~/lib/commit";
import { cacheHeaders } from "~/lib/cache-headers.server";
import { commitView } from "~/lib/page-data.server";

const BLURBS: Record<string, string> = {
  "/guides": "Step-by-step tutorials: install Sui, write and publish your first package, and run full nodes and validators.",
  "/concepts": "How Sui works: objects and ownership, Move, transactions, cryptography, architecture and tokenomics.",
  "/standards": "The standards apps build on: Coin, Closed-Loop Token, Kiosk, DeepBook, Display and the Wallet Standard.",
  "/references": "The GraphQL and JSON-RPC APIs, the Sui CLI, the SDKs, Move manifests and the glossary.",
};

export async function loader({ request }: LoaderFunctionArgs) {
  try {
    const { snapshot, pinned, ref, redirectToCanonical } = await contentRequest(request);
    redirectToCanonical();
    const sections = SECTIONS.map((s) => ({
      ...s,
      title: snapshot.catalogue.pages.get(s.href.slice(1))?.title ?? s.label,
      blurb: BLURBS[s.href]!,
    }));
    // A preview's home (where a pull request's status points) says what it previews, as its pages do.
    const preview = ref ? { name: ref.name, kind: ref.kind, commit: commitView(snapshot) } : undefined;
    return data({ sections, pages: snapshot.catalogue.pages.size, pinned, preview }, { headers: cacheHeaders(pinned, request) });
  } catch (error) {
    throw errorResponse(error);
  }
}

// A live page like the others: kept by shared caches, tagged, purged on publishing.
export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

export const meta = ({ data, matches }: MetaArgsWithSite<typeof loader>) => {
  const site = siteOf(matches);
  return site && data
    ? pageMeta({
        site,
        path: "/",
        description: "Guides, concepts, standards and references for building on Sui with Move.",
        type: "website",
      })
    : [{ title: documentTitle(site) }];
};

export default function Landing() {
  const { sections, pages, pinned, preview } = useLoaderData<typeof loader>();
  return (
    <PageShell pinned={pinned}>
      {preview ? <PreviewBanner preview={preview} commit={preview.commit} livePath="/" /> : null}
      <main id="main" className="landing">
        <section className="hero">
          <h1>Build on Sui</h1>
          <p>
            Everything you need to write Move smart contracts, build apps and run nodes on Sui, in {pages} pages served straight from Git.
          </p>
          <div className="hero-actions">
            <Link className="button primary" to={withRevision("/guides/developer/getting-started", pinned)}>
              Get started
            </Link>
            <Link className="button" to={withRevision("/references/sui-api", pinned)}>
              API reference
            </Link>
          </div>
        </section>
        <section className="landing-sections" aria-label="Documentation sections">
          {sections.map((s) => (
            <Link key={s.href} className="landing-card" to={withRevision(s.href, pinned)}>
              <h2>{s.label}</h2>
              <p>{s.blurb}</p>
            </Link>
          ))}
        </section>
      </main>
    </PageShell>
  );
}
