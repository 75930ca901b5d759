import { BadRequestError } from "../../server/index";

/** A query parameter given at most once: which of two values the reader meant would be a guess. */
export function singleParam(url: URL, name: string): string | null {
  const values = url.searchParams.getAll(name);
  if (values.length > 1) throw new BadRequestError(`?${name}= is given more than once: give one value`);
  return values[0] ?? null;
}

/** ?page=: plain decimal digits from 1 to `max`, so "1e3", "0x10" and " 2" are refused rather than reinterpreted. */
export function pageNumberParam(url: URL, max: number): number {
  const raw = singleParam(url, "page") ?? "1";
  if (!/^[1-9][0-9]*$/.test(raw) || Number(raw) > max) {
    throw new BadRequestError(`?page= must be a whole number from 1 to ${max}, got "${raw.slice(0, 40)}"`);
  }
  return Number(raw);
}
