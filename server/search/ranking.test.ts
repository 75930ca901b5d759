import { describe, expect, it } from "vitest";
import { joinedWord, namesItem, queryFor, queryWords, rankScore, stemAlternatives, titleExactness, type RankFactors } from "./ranking";

describe("joinedWord", () => {
  const vocabulary = new Set(["groth16", "16", "mergecoins", "merge", "coins", "zklogin", "zk", "login"]);
  it.each([
    // A name the site writes as one word, split by the reader: one half is no word of the site's.
    ["groth", "16", "groth16"],
    // Both halves are the site's words: the reader's two words stay two.
    ["merge", "coins", undefined],
    ["zk", "login", undefined],
    // The joined word is not the site's.
    ["groth", "17", undefined],
    // Nothing follows.
    ["groth", undefined, undefined],
  ])("%s + %s → %s", (first, second, expected) => {
    expect(joinedWord(first, second, vocabulary)).toBe(expected);
  });

  it("makes the pair one word of the query, found by the joined word or by both halves", () => {
    const { words } = queryFor("groth 16 proof", vocabulary);
    expect(words.map((w) => w.text)).toEqual(["groth 16", "proof"]);
    expect(words[0]!.alternatives).toEqual([["groth16"], ["groth", "16"]]);
  });
});

describe("stemAlternatives", () => {
  it.each([
    // Words that differ from their stem: one way, by the marked stems.
    [["transaction", "blocks"], [["~transact", "~block"]]],
    // A word that is its own stem: as itself ("block") or by its marked stem ("blocks", "blocking").
    [
      ["programmable", "transaction", "block"],
      [
        ["~programm", "~transact", "block"],
        ["~programm", "~transact", "~block"],
      ],
    ],
    [
      ["order", "book"],
      [
        ["order", "book"],
        ["order", "~book"],
        ["~order", "book"],
        ["~order", "~book"],
      ],
    ],
  ])("%j → %j", (words, expected) => {
    expect(stemAlternatives(words)).toEqual(expected);
  });
});

describe("rankScore", () => {
  const base: RankFactors = {
    coverage: 1,
    titleCoverage: 1,
    headingCoverage: 0,
    titleExactness: 0.5,
    descriptionCoverage: 0,
    proximity: 0,
    routeCoverage: 0,
    unnamedReference: false,
    spelledAsTitle: false,
  };
  const score = (f: Partial<RankFactors>) => rankScore(100, { ...base, ...f });

  it.each<[string, Partial<RankFactors>, Partial<RankFactors>]>([
    // The child page whose route holds the whole query over the parent whose route holds part of it.
    ["route holding more of the query", { routeCoverage: 1 }, { routeCoverage: 0.4 }],
    // Of two titles equal but for case, the one typed.
    ["title spelled as typed", { spelledAsTitle: true }, { spelledAsTitle: false }],
    // A guide over a generated reference page the query does not name.
    ["guide over unnamed reference", { unnamedReference: false }, { unnamedReference: true }],
    // Of two titles holding the query alike, the one about nothing else.
    ["title that is all query", { titleExactness: 1 }, { titleExactness: 0.5 }],
    // The page whose description says it is about the query.
    ["description holding the query", { descriptionCoverage: 1 }, { descriptionCoverage: 0.5 }],
    // Each bonus is a tie-breaker between pages that match alike, not a way past coverage.
    ["full coverage over a route with half of it", { coverage: 1 }, { coverage: 0.5, routeCoverage: 1, titleCoverage: 0.5 }],
  ])("%s", (_, better, worse) => {
    expect(score(better)).toBeGreaterThan(score(worse));
  });
});

describe("titleExactness", () => {
  // Rarity as an index would weigh it: "sui" is in nearly every section, the rest in few.
  const rarity = (word: string) => (word === "sui" ? 0.05 : 5);
  it.each<[string, string[], number]>([
    // The words nearly every section holds hardly count: "Gas in Sui" is all "gas".
    ["Gas in Sui", ["gas"], 5 / 5.05],
    ["Gas Pricing", ["gas"], 0.5],
    // A word found in another form (its stem) is found.
    ["Epochs", ["~epoch", "epoch"], 1],
    ["Validator Tasks", ["~epoch"], 0],
    // Stop words are no part of a title's weight.
    ["Shared versus Owned Objects", ["shared", "owned", "objects"], 1],
  ])("%s, matched %j → %d", (title, matched, expected) => {
    expect(titleExactness(title, matched, rarity)).toBeCloseTo(expected, 5);
  });
});

describe("queryWords", () => {
  it.each([
    ["how do I stake my sui", ["stake", "sui"]],
    // Words that only set two things side by side are no topic.
    ["shared objects instead of owned objects", ["shared", "objects", "owned", "objects"]],
    ["coin versus token", ["coin", "token"]],
    ["coin vs token", ["coin", "token"]],
    // "On chain" says where, which on this site is everywhere.
    ["how do I upgrade my package on chain", ["upgrade", "package"]],
    ["on-chain randomness", ["randomness"]],
    ["onchain randomness", ["randomness"]],
    // Chains that are the topic stay; so does a query that is nothing else.
    ["chain id", ["chain", "id"]],
    ["on chain", ["chain"]],
  ])("%s → %j", (q, expected) => {
    expect(queryWords(q)).toEqual(expected);
  });
});

describe("namesItem", () => {
  const route = "references/sui-api/graphql/reference/objects/checkpoint";
  it.each<[string, string, boolean]>([
    // An identifier typed as spelled, case and punctuation aside.
    ["CoinMetadata", "CoinMetadata", true],
    ["coin_metadata", "CoinMetadata", true],
    // An ordinary word a guide explains too.
    ["checkpoint", "Checkpoint", false],
    // The item's API named beside it, with or without its kind.
    ["graphql checkpoint", "Checkpoint", true],
    ["graphql checkpoint type", "Checkpoint", true],
    ["checkpoint object graphql", "Checkpoint", true],
    // Words every reference's route holds name no API.
    ["sui checkpoint", "Checkpoint", false],
    // The API alone, or with other words, names no item.
    ["graphql", "Checkpoint", false],
    ["graphql checkpoint digest", "Checkpoint", false],
  ])("%s for %s → %s", (q, title, expected) => {
    expect(namesItem(q, title, route)).toBe(expected);
  });
});
