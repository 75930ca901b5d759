import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageShell } from "~/components/PageShell";
import { loadChecks } from "~/lib/checks.server";
import { errorResponse } from "~/lib/http.server";
import { documentTitle, siteOf, type MetaArgsWithSite } from "~/lib/site";
import type { LinkFinding, PageChange } from "../../server/index";
import changesStyles from "~/styles/changes.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: changesStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  try {
    return data(await loadChecks(new URL(request.url), context.clientAddress), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    throw errorResponse(error);
  }
}

export const meta = ({ data, matches }: MetaArgsWithSite<typeof loader>) => [
  { title: documentTitle(siteOf(matches), `Checks of ${data?.ref.name ?? "a ref"}`) },
  { name: "robots", content: "noindex" },
];

const at = (file: string, line?: number) => (line ? `${file}:${line}` : file);
const isNew = (finding: { new: boolean }) => (finding.new ? "" : " (also at the target)");

function LinkList({ findings }: { findings: LinkFinding[] }) {
  return (
    <ul>
      {findings.map((f) => (
        <li key={`${f.file}:${f.line}:${f.url}`}>
          <code>{at(f.file, f.line)}</code>: <code>{f.url}</code>
          {`, ${f.reason}${isNew(f)}`}
        </li>
      ))}
    </ul>
  );
}

function PageList({ pages }: { pages: PageChange[] }) {
  return (
    <ul>
      {pages.map((p) => (
        <li key={p.id}>
          <Link to={p.href}>{p.title}</Link> <code>/{p.id}</code>
        </li>
      ))}
    </ul>
  );
}

/** A section per kind of finding, shown only when there is one. */
function Section({ title, count, children }: { title: string; count: number; children: React.ReactNode }) {
  if (!count) return null;
  return (
    <section aria-label={title}>
      <h2>{`${title} (${count})`}</h2>
      {children}
    </section>
  );
}

export default function Checks() {
  const report = useLoaderData<typeof loader>();
  const preview = `/?ref=${encodeURIComponent(report.ref.name)}`;
  return (
    <PageShell>
      <main id="main" className="history-page checks-page">
        <h1>
          Checks of {report.ref.kind} <code>{report.ref.name}</code>
        </h1>
        <p>
          Commit <code>{report.commit.slice(0, 7)}</code> against <code>{report.target.branch}</code>
          {report.published ? " as published" : "'s tip"} (<code>{report.target.commit.slice(0, 7)}</code>).{" "}
          <Link to={preview}>Read the preview</Link>.
        </p>
        <p className={`checks-state checks-${report.state}`}>
          {report.state === "success"
            ? `Nothing would break. Pages: ${report.counts.changed} changed, ${report.counts.added} added, ${report.counts.removed} removed.`
            : `Publishing it would break the site: ${report.description}.`}
        </p>
        <Section title="Pages that do not compile" count={report.compile.length}>
          <ul>
            {report.compile.map((f, i) => (
              <li key={`${f.file}:${i}`}>
                <code>{at(f.file, f.line)}</code>: {f.message}
                {isNew(f)}
              </li>
            ))}
          </ul>
        </Section>
        <Section title="Sidebar problems" count={report.sidebars.length}>
          <ul>
            {report.sidebars.map((f) => (
              <li key={`${f.file}:${f.message}`}>
                <code>{f.file}</code>: {f.message}
                {isNew(f)}
              </li>
            ))}
          </ul>
        </Section>
        <Section title="Broken links" count={report.links.length}>
          <LinkList findings={report.links} />
        </Section>
        <Section title="Missing images and files" count={report.files.length}>
          <LinkList findings={report.files} />
        </Section>
        <Section title="Pages added" count={report.pages.added.length}>
          <PageList pages={report.pages.added} />
        </Section>
        <Section title="Pages removed" count={report.pages.removed.length}>
          <PageList pages={report.pages.removed} />
        </Section>
        <Section title="Pages changed" count={report.pages.changed.length}>
          <PageList pages={report.pages.changed} />
        </Section>
      </main>
    </PageShell>
  );
}
