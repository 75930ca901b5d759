import { describe, expect, it } from "vitest";
import { excerpt } from "../server/search/excerpt";
import { parseSearchRequest } from "../server/search/query";

describe("excerpt", () => {
  const text = "Objects on Sui have owners. " + "Filler words go here. ".repeat(20) + "A shared object needs consensus before execution.";

  it("centres the window on the first match and marks every match in it", () => {
    const { text: window, highlights } = excerpt(text, ["consensus", "shared"], 80);
    expect(window.startsWith("… ")).toBe(true);
    expect(highlights.map(([s, e]) => window.slice(s, e))).toEqual(["shared", "consensus"]);
  });

  it("starts at the beginning when the match is early, and only marks word starts", () => {
    const { text: window, highlights } = excerpt("Owners own objects; unowned ones are shared.", ["own"], 200);
    expect(window).toBe("Owners own objects; unowned ones are shared.");
    expect(highlights.map(([s, e]) => window.slice(s, e))).toEqual(["Own", "own"]);
  });

  it("treats regular-expression characters in terms literally", () => {
    expect(excerpt("a (b) c", ["(b)"]).highlights).toEqual([[2, 5]]);
  });
});

describe("parseSearchRequest", () => {
  it.each([
    ["q=coin", { q: "coin", limit: 10 }],
    ["q=%20coin%20%20split%20&limit=50", { q: "coin split", limit: 50 }],
  ])("accepts %s", (query, expected) => expect(parseSearchRequest(new URLSearchParams(query))).toEqual(expected));

  it.each(["", "q=", "q=%20", `q=${"x".repeat(201)}`, "q=a&limit=0", "q=a&limit=51", "q=a&limit=2.5", "q=a&limit="])(
    "rejects %s",
    (query) => expect(() => parseSearchRequest(new URLSearchParams(query))).toThrow(/query|characters|limit/),
  );
});
