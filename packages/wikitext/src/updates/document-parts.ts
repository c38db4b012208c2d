// Page-bundle updates rewrite only the body's content: the document head (base href, version
// metas) is kept byte for byte.

/** Splits a document into what precedes the body's content, the content, and what follows. */
export function splitBody(html: string): { before: string; inner: string; after: string } {
  const open = /<body\b[^>]*>/i.exec(html);
  const close = html.toLowerCase().lastIndexOf("</body>");
  if (!open || close < open.index) return { before: "", inner: html, after: "" };
  const start = open.index + open[0].length;
  return { before: html.slice(0, start), inner: html.slice(start, close), after: html.slice(close) };
}
