import { useCopy } from "~/lib/clipboard";
import { withRevision, type PinnedRevision } from "~/lib/commit";

/**
 * Every page is also served as clean Markdown at the same route plus `.md` (snippets inlined,
 * components turned into plain Markdown: server/markdown); this copies it for pasting into an AI
 * assistant or an issue, at the commit the reader is viewing.
 */
export function DocActions({ pageId, pinned }: { pageId: string; pinned: PinnedRevision | undefined }) {
  const { copied, copy } = useCopy();
  const markdownHref = withRevision(`/${pageId}.md`, pinned);
  const fetchMarkdown = async () => {
    const response = await fetch(markdownHref);
    if (!response.ok) throw new Error(`Could not load the page as Markdown (${response.status}).`);
    return response.text();
  };
  return (
    <div className="doc-actions">
      <button type="button" className="doc-action" onClick={() => copy(fetchMarkdown)} aria-live="polite">
        {copied ? "Copied" : "Copy page as Markdown"}
      </button>
      <a className="doc-action" href={markdownHref}>
        View as Markdown
      </a>
    </div>
  );
}
