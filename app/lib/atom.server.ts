import type { ChangeItem } from "./changes.server";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
/** XML 1.0 cannot carry most control characters at all, even escaped: a commit message might hold one. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const xmlText = (text: string) => escapeXml(text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, ""));

/**
 * The changes feed as an Atom 1.0 document (RFC 4287), newest first. Ids are tag URIs of the site's
 * host and the commit id, so they never change; every link is absolute.
 */
export function changesAtom(origin: string, changes: ChangeItem[]): string {
  const host = new URL(origin).hostname;
  const updated = changes[0]?.date ?? new Date(0).toISOString();
  const entries = changes.map((c) => {
    const diff = (id: string) => `${origin}/diff/${id}?to=${c.oid}`;
    const link = c.pages[0] ? diff(c.pages[0].id) : `${origin}/changes`;
    const list = [
      ...c.pages.map((p) => `<li><a href="${escapeXml(diff(p.id))}">${escapeXml(p.title)}</a> (/${escapeXml(p.id)})</li>`),
      ...c.files.map((f) => `<li>${escapeXml(f)}</li>`),
      ...(c.more ? [`<li>and ${c.more} more files</li>`] : []),
    ];
    const html = `${c.body ? `<p>${escapeXml(c.body).replace(/\n/g, "<br/>")}</p>` : ""}<ul>${list.join("")}</ul>`;
    return [
      "  <entry>",
      `    <id>tag:${host},2024:commit:${c.oid}</id>`,
      `    <title>${xmlText(c.subject)}</title>`,
      `    <updated>${c.date}</updated>`,
      `    <author><name>${xmlText(c.author)}</name></author>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(link)}"/>`,
      `    <content type="html">${xmlText(html)}</content>`,
      "  </entry>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>tag:${host},2024:changes</id>`,
    "  <title>Sui Documentation: recent changes</title>",
    `  <updated>${updated}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(`${origin}/changes.atom`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(`${origin}/changes`)}"/>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}
