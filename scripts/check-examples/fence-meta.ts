/** Attributes of a code fence's meta string: `title="src/a.ts" preamble="client" {3-5}` gives { title, preamble }. */
export function parseFenceMeta(meta: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of meta.matchAll(/([A-Za-z_][\w-]*)=(?:"([^"]*)"|'([^']*)'|(\S+))/g)) {
    attributes[match[1]!] = match[2] ?? match[3] ?? match[4] ?? "";
  }
  return attributes;
}
