import { describe, expect, it } from "vitest";
import { BadRequestError } from "../errors";
import { MAX_QUERY_LENGTH, MAX_RESULTS, parseSearchRequest } from "./query";

const parse = (query: string) => parseSearchRequest(new URLSearchParams(query));

describe("parseSearchRequest", () => {
  it.each([
    ["q=coin", { q: "coin", limit: 10 }],
    ["q=%20%20move%09%0Aobjects%20", { q: "move objects", limit: 10 }],
    ["q=coin&limit=1", { q: "coin", limit: 1 }],
    [`q=coin&limit=${MAX_RESULTS}`, { q: "coin", limit: MAX_RESULTS }],
    ["q=coin&limit=007", { q: "coin", limit: 7 }],
    [`q=${"x".repeat(MAX_QUERY_LENGTH)}`, { q: "x".repeat(MAX_QUERY_LENGTH), limit: 10 }],
    // Runs of spaces count as one: 150 letters, 100 spaces and a letter are 152 characters.
    [`q=${"a".repeat(150)}${"%20".repeat(100)}b`, { q: `${"a".repeat(150)} b`, limit: 10 }],
  ])("%s is %j", (query, request) => {
    expect(parse(query)).toEqual(request);
  });

  it.each([
    ["", "Search needs a query: /api/search?q=<words>."],
    ["q=", "Search needs a query"],
    ["q=%20%09%0A", "Search needs a query"],
    ["limit=5", "Search needs a query"],
    [
      `q=${"x".repeat(MAX_QUERY_LENGTH + 1)}`,
      `Search queries are at most ${MAX_QUERY_LENGTH} characters; this one has ${MAX_QUERY_LENGTH + 1}.`,
    ],
    ["q=coin&limit=0", `limit must be a whole number from 1 to ${MAX_RESULTS} (pages of results); got "0".`],
    [`q=coin&limit=${MAX_RESULTS + 1}`, "limit must be a whole number"],
    ["q=coin&limit=", "limit must be a whole number"],
    ["q=coin&limit=-1", "limit must be a whole number"],
    ["q=coin&limit=1.5", "limit must be a whole number"],
    ["q=coin&limit=1e1", "limit must be a whole number"],
    ["q=coin&limit=0x10", "limit must be a whole number"],
    ["q=coin&limit=%205", "limit must be a whole number"],
    ["q=coin&limit=1000", "limit must be a whole number"],
    ["q=coin&limit=ten", "limit must be a whole number"],
  ])("%j is refused: %s", (query, message) => {
    expect(() => parse(query)).toThrow(BadRequestError);
    expect(() => parse(query)).toThrow(message);
  });
});
