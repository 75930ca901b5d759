const END_OF_BODY = Buffer.from("</body></html>");

/**
 * Moves what React writes after `</html>` (Remix's single-fetch data stream renders as a sibling of
 * the document, so its <script> elements follow the closing tag) to the end of <body>. Browsers put
 * it there anyway when they parse the page, so the DOM, and hydration, are the same; the HTML
 * becomes valid. A document without such a tail is returned as it is.
 */
export function tailIntoBody(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const end = html.lastIndexOf(END_OF_BODY);
  if (end < 0 || end + END_OF_BODY.length === html.length) return html;
  return Buffer.concat([html.subarray(0, end), html.subarray(end + END_OF_BODY.length), END_OF_BODY]);
}
