import { describe, expect, it } from "vitest";
import { excerpt } from "./excerpt";

/** The excerpt with its highlights shown as [brackets], to read the table at a glance. */
function marked(text: string, terms: string[], width?: number): string {
  const { text: window, highlights } = excerpt(text, terms, width);
  let out = "";
  let at = 0;
  for (const [start, end] of highlights) {
    out += `${window.slice(at, start)}[${window.slice(start, end)}]`;
    at = end;
  }
  return out + window.slice(at);
}

const LONG =
  "Sui is a layer one blockchain. Objects are the unit of storage on Sui, and every object has an owner. " +
  "Coins are objects too: a coin of type Coin<SUI> pays for gas. Move packages define the types of objects and the functions that change them.";

describe("excerpt", () => {
  it.each<[string, string, string[], number | undefined, string]>([
    ["a short text is whole, every match marked", "Coins pay for gas.", ["coin", "gas"], undefined, "[Coin]s pay for [gas]."],
    ["matches ignore case", "SUI and sui and Sui", ["sui"], undefined, "[SUI] and [sui] and [Sui]"],
    ["only matches that start a word", "Subsui sui-move mysui", ["sui"], undefined, "Subsui [sui]-move mysui"],
    ["the longer term wins where two overlap", "objects object", ["object", "objects"], undefined, "[objects] [object]"],
    ["regular-expression characters are literal", "Call a.b(c) or a+b", ["a.b(c)", "a+b"], undefined, "Call [a.b(c)] or [a+b]"],
    ["letters beyond ASCII are word characters", "über über2 éuber", ["über"], undefined, "[über] [über]2 éuber"],
    ["no terms: the start of the text, no marks", LONG, [], 40, "Sui is a layer one blockchain. Objects …"],
    ["empty terms are ignored", "Sui objects", ["", "objects"], undefined, "Sui [objects]"],
    ["no match: the start of the text", LONG, ["zzz"], 40, "Sui is a layer one blockchain. Objects …"],
    ["a match near the start: from the start", LONG, ["layer"], 40, "Sui is a [layer] one blockchain. Objects …"],
    ["a match far in: a window around it, cut at words", LONG, ["gas"], 40, "… Coin<SUI> pays for [gas]. Move packages …"],
    ["a match at the very end", LONG, ["change"], 40, "… functions that [change] them."],
    ["a text with no spaces is cut at the width", "x".repeat(50), ["y"], 10, "xxxxxxxxxx …"],
  ])("%s", (_, text, terms, width, expected) => {
    expect(marked(text, terms, width)).toBe(expected);
  });

  it("gives offsets, in order and not overlapping, that point at the terms in the text it returns", () => {
    const { text, highlights } = excerpt(LONG, ["objects", "object", "sui"]);
    expect(highlights.length).toBeGreaterThan(3);
    for (const [i, [start, end]] of highlights.entries()) {
      expect(text.slice(start, end)).toMatch(/^(objects?|sui)$/i);
      if (i > 0) expect(start).toBeGreaterThanOrEqual(highlights[i - 1]![1]);
    }
  });

  it("keeps markup as text: offsets, never HTML", () => {
    expect(excerpt("<b>gas</b> & <script>", ["gas"])).toEqual({ text: "<b>gas</b> & <script>", highlights: [[3, 6]] });
  });
});
