const END_OF_BODY = Buffer.from("</body></html>");

/**
 * Moves what React writes after `</html>` (Remix's single-fetch data stream renders as a sibling of
 * the document, so its <script> elements follow the closing tag) to the end of <body>. Browsers put
 * it there anyway when they parse the page, so the DOM, and hydration, are the same; the HTML
 * becomes valid. A document without such a tail is returned as it is.
 *
 * The bytes are moved in place (the tail and the closing tags only swap, so the length holds): a
 * copy of every ~90 KB page rendered was garbage that kept V8's external memory and RSS high
 * between collections. So `html` must be the caller's own buffer.
 */
export function tailIntoBody(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const end = html.lastIndexOf(END_OF_BODY);
  if (end < 0 || end + END_OF_BODY.length === html.length) return html;
  html.copyWithin(end, end + END_OF_BODY.length);
  END_OF_BODY.copy(html, html.length - END_OF_BODY.length);
  return html;
}
