/**
 * What `?ref=` may name: a branch, a tag, or `pull/<n>` for a pull request. Git allows more in a
 * ref name than a URL carries plainly; these characters need no escaping in a query string (`+`
 * would read as a space), so a ref name is its own canonical spelling in every link.
 */
const REF_NAME = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;
export const MAX_REF_NAME_LENGTH = 200;

/** Why `value` cannot be a ref name, or undefined when it can. */
export function refNameProblem(value: string): string | undefined {
  const shown = `"${value.slice(0, 80)}"`;
  if (value.length === 0) return "?ref= is empty: name a branch, a tag or pull/<number>";
  if (value.length > MAX_REF_NAME_LENGTH) return `?ref= is longer than ${MAX_REF_NAME_LENGTH} characters`;
  if (!REF_NAME.test(value)) {
    return `${shown} is not a ref this site can preview: use letters, digits, ".", "_", "-" and "/" (starting with a letter or digit)`;
  }
  if (value.includes("..") || value.includes("//") || value.endsWith("/") || value.endsWith(".") || value.endsWith(".lock")) {
    return `${shown} is not a valid Git ref name`;
  }
  return undefined;
}
