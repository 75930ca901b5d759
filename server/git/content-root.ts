/** Turns "docs/content/" or "/docs/content" into "docs/content"; "", "/" and "." mean the repository root. */
export function normalizeContentRoot(root: string | undefined): string {
  const trimmed = (root ?? "").trim().replace(/^\/+|\/+$/g, "");
  return trimmed === "." ? "" : trimmed;
}
