import { describe, expect, it } from "vitest";
import { stem } from "./stemmer";

describe("stem", () => {
  // Pairs from Porter's published vocabulary and output.
  it.each([
    ["caresses", "caress"],
    ["ponies", "poni"],
    ["cats", "cat"],
    ["feed", "feed"],
    ["agreed", "agre"],
    ["plastered", "plaster"],
    ["motoring", "motor"],
    ["conflated", "conflat"],
    ["hopping", "hop"],
    ["falling", "fall"],
    ["filing", "file"],
    ["happy", "happi"],
    ["relational", "relat"],
    ["conditional", "condit"],
    ["digitizer", "digit"],
    ["hopefulness", "hope"],
    ["electrical", "electr"],
    ["adjustable", "adjust"],
    ["adoption", "adopt"],
    ["controll", "control"],
    ["generalizations", "gener"],
  ])("%s → %s", (word, expected) => {
    expect(stem(word)).toBe(expected);
  });

  it("gives the word forms a reader types the stem of the page's", () => {
    for (const forms of [
      ["upgrade", "upgrades", "upgrading", "upgraded"],
      ["stake", "staking", "staked", "stakes"],
      ["subscribe", "subscribing", "subscribed"],
      ["event", "events"],
    ])
      expect(new Set(forms.map(stem)).size).toBe(1);
  });

  it.each([
    // Not Porter's: an agent noun in -ator keeps apart from its verb (Porter's "-ator" → "-ate" rule is left out).
    ["validator", "validators", "validates"],
    ["operator", "operators", "operates"],
    ["aggregator", "aggregators", "aggregation"],
  ])("keeps %s (and %s) apart from %s", (noun, plural, verb) => {
    expect(stem(plural)).toBe(stem(noun));
    expect(stem(noun)).not.toBe(stem(verb));
  });

  it("leaves short words, numbers and identifiers as they are", () => {
    for (const word of ["is", "0x2", "u64", "ed25519", "coin_registry"]) expect(stem(word)).toBe(word);
  });
});
