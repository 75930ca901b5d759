import { PrefetchPageLinks } from "@remix-run/react";
import { memo, useRef } from "react";
import { useBodyEnhancements } from "~/hooks/useBodyEnhancements";

/**
 * A page's body: HTML the compiler wrote (allowed elements only, server/mdx/render-html.ts),
 * inserted as it is, so React neither renders nor re-renders it; one hook makes it interactive.
 * The page the reader is about to open from it is prefetched, as Remix links do.
 */
export const PageBody = memo(function PageBody({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const intent = useBodyEnhancements(ref, html);
  return (
    <>
      <div ref={ref} className="markdown" dangerouslySetInnerHTML={{ __html: html }} />
      {intent ? <PrefetchPageLinks page={intent} /> : null}
    </>
  );
});
