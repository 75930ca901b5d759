import { describe, expect, it } from "vitest";
import { SearchIndex, SECTIONS_PER_PAGE } from "./search-index";
import { pageSections } from "./sections";

/** A small site whose pages use the same words in titles, headings and bodies, and words one typo apart. */
const PAGES: Array<[id: string, title: string, body: string]> = [
  [
    "standards/kiosk",
    "Sui Kiosk",
    "A kiosk holds assets for sale.\n\n## Create a kiosk\n\nCall new.\n\n" +
      "## Create a transfer policy\n\nA transfer policy lists the rules a purchase must meet.",
  ],
  ["standards/kiosk-apps", "Kiosk Apps", "Apps extend a kiosk.\n\n## Permissions\n\nAn app asks for permission."],
  [
    "references/glossary",
    "Glossary",
    "Terms used in these pages.\n\n## Kiosk\n\nSee the standard.\n\n## Epoch\n\nA period of validator changes.",
  ],
  ["concepts/object-model", "Object Model", "Objects have owners. A marketplace may keep objects in a kiosk."],
  ["concepts/risk", "Risk", "Every upgrade carries some risk; keep the upgrade key safe."],
  ["concepts/transfers", "Custom Transfer Rules", "Restricted objects move under rules. The policy of a type decides."],
  ["standards/token-policy", "Token Policy", "Rules for tokens.\n\n## Create a policy\n\nA policy limits who may transfer a token."],
  ["standards/coin", "Coin", "The coin standard.\n\n## Splitting\n\nUse coin::split to divide a balance.\n\n## Merging\n\nUse coin::join."],
  ["guides/coins", "Coins and Balances", "Coins carry a balance."],
  ["guides/validators", "Run a Validator", "Validators vote on checkpoints."],
  ["concepts/valid", "Valid Transactions", "A transaction is valid when its inputs exist."],
  ["concepts/gas", "Gas", "Every transaction pays gas.\n\n## Storage rebates\n\nDeleting objects refunds storage fees."],
  ["concepts/packages", "Package Upgrades", "How to upgrade a package, and who may."],
  ["concepts/packages/upgrade", "Upgrading Packages", "How to upgrade a package, step by step."],
  ["guides/groth16", "Groth16", "Verify a zero-knowledge proof on chain."],
  ["references/objects/coin-metadata", "CoinMetadata", "The metadata of a coin type."],
  ["references/queries/coin-metadata", "coinMetadata", "Query the metadata of a coin type."],
  ["concepts/commands", "Commands", "Programmable transaction blocks chain commands."],
  ["contribute/process", "Contribution Process", "Ways to help: fix the docs, localize them, review changes."],
  ["contribute/localize-docs", "Localize Documentation", "Translate pages into your language. Terms stay in English."],
];

const index = SearchIndex.build(PAGES.flatMap(([id, title, body]) => pageSections(id, title, body)));
const pagesFor = (q: string) => index.search(q, 50).results.map((r) => r.id);

describe("SearchIndex ranking", () => {
  it.each([
    // Exact words: the page title outranks a heading, which outranks the body.
    ["exact word", "kiosk", ["standards/kiosk", "standards/kiosk-apps", "references/glossary", "concepts/object-model"]],

    // The last word is a prefix while the reader types.
    ["prefix", "kio", ["standards/kiosk", "standards/kiosk-apps", "references/glossary", "concepts/object-model"]],
    ["prefix of a later word", "storage reb", ["concepts/gas"]],
    ["prefix over a word one typo away", "valida", ["guides/validators", "concepts/valid"]],
    // Typos: a swapped pair, a missing letter, a wrong letter; the exact neighbour "risk" stays below.
    ["swapped letters", "kisok", ["standards/kiosk", "standards/kiosk-apps", "references/glossary", "concepts/object-model"]],
    ["missing letter", "balnce", ["guides/coins", "standards/coin"]],

    // Several words: a section holding all of them beats a title holding one.
    ["multi-word", "transfer policy", ["standards/kiosk"]],
    ["stop words are ignored", "how do I split a coin", ["standards/coin"]],

    // Of pages whose titles hold the query alike, the child whose route holds it all.
    ["specific child page", "upgrade a package", ["concepts/packages/upgrade", "concepts/packages"]],
    // A synonym phrase ("programmable transaction block") found in another form of its words.
    ["synonym phrase in another form", "ptb", ["concepts/commands"]],
    // A word of the query only the page's route holds still counts as the page's.
    ["word in the route", "localize the docs", ["contribute/localize-docs", "contribute/process"]],
    // A name the site writes as one word, typed in two.
    ["split name joined", "groth 16", ["guides/groth16"]],
    // Of titles equal but for case, the one typed.
    ["title as spelled", "CoinMetadata", ["references/objects/coin-metadata", "references/queries/coin-metadata"]],
    ["title as spelled, other case", "coinMetadata", ["references/queries/coin-metadata", "references/objects/coin-metadata"]],
  ])("%s: %s finds %j in that order", (_, q, expected) => {
    expect(pagesFor(q).slice(0, expected.length)).toEqual(expected);
  });

  it.each([
    ["kisok", "standards/kiosk", "Create a kiosk"],
    ["transfer policy", "standards/kiosk", "Create a transfer policy"],
    ["coin::split", "standards/coin", "Splitting"],
    ["refunds", "concepts/gas", "Storage rebates"],
    ["gas", "concepts/gas", ""],
  ])("%s: the best section of %s is %j", (q, id, heading) => {
    const page = index.search(q, 5).results[0]!;
    expect(page).toMatchObject({ id, url: `/${id}` });
    expect(page.sections[0]!.heading).toBe(heading);
  });

  it("keeps a word the index holds as typed: no typo matches for it", () => {
    // "risk" is a word of the index, so it does not also find "kiosk" or "disk"-like neighbours.
    expect(pagesFor("risk")).toEqual(["concepts/risk"]);
  });

  it("groups sections by page: each page once, with its best sections, linked to their anchors", () => {
    const { total, results } = index.search("kiosk", 50);
    expect(total).toBe(results.length);
    expect(new Set(results.map((r) => r.id)).size).toBe(results.length);
    const kiosk = results[0]!;
    expect(kiosk.sections.length).toBeLessThanOrEqual(SECTIONS_PER_PAGE);
    expect(kiosk.sections.map((s) => s.url)).toContain("/standards/kiosk#create-a-kiosk");
    for (const s of kiosk.sections) expect(s.url).toBe(s.anchor ? `/standards/kiosk#${s.anchor}` : "/standards/kiosk");
  });

  it("returns the first `limit` pages and counts them all", () => {
    const { total, results } = index.search("kiosk", 2);
    expect(results.map((r) => r.id)).toEqual(["standards/kiosk", "standards/kiosk-apps"]);
    expect(total).toBe(4);
  });

  it("highlights the word the typo stood for in the excerpts", () => {
    const sections = index.search("kisok", 10).results.flatMap((r) => r.sections);
    const marked = sections.flatMap((section) => section.highlights.map(([s, e]) => section.excerpt.slice(s, e).toLowerCase()));
    expect(marked.length).toBeGreaterThan(0);
    expect(new Set(marked)).toEqual(new Set(["kiosk"]));
  });

  it("falls back to any word when no section has all of them", () => {
    expect(pagesFor("rebates zebra")).toEqual(["concepts/gas"]);
  });

  it.each([
    // A word of the page's and its plural, one typo away in a query of two words: both pages come first, in either order.
    ["coin", ["guides/coins", "standards/coin"]],
    ["trensfer policy", ["standards/kiosk", "standards/token-policy"]],
  ])("%s finds %j first", (q, expected) => {
    expect(pagesFor(q).slice(0, 2).sort()).toEqual(expected);
  });

  it("finds other forms of the query's words through their stems, and marks the whole word", () => {
    const { results } = index.search("refunding", 5);
    expect(results[0]!.id).toBe("concepts/gas");
    const section = results[0]!.sections[0]!;
    expect(section.highlights.map(([s, e]) => section.excerpt.slice(s, e))).toEqual(["refunds"]);
  });

  it("marks the query's words in page titles and headings", () => {
    const page = index.search("transfer policy", 5).results.find((r) => r.id === "standards/kiosk")!;
    const section = page.sections.find((s) => s.heading === "Create a transfer policy")!;
    expect(section.headingHighlights.map(([s, e]) => section.heading.slice(s, e))).toEqual(["transfer", "policy"]);
    const kiosk = index.search("kiosk", 5).results[0]!;
    expect(kiosk.titleHighlights.map(([s, e]) => kiosk.title.slice(s, e))).toEqual(["Kiosk"]);
  });

  it.each(["xylophone", "the", "a"])("finds nothing for %j", (q) => {
    expect(index.search(q, 5)).toMatchObject({ total: 0, results: [] });
  });

  it("suggests the closest words the site uses when nothing matches", () => {
    expect(index.search("kiooskk", 5)).toEqual({ total: 0, results: [], suggestions: ["kiosk"] });
    expect(index.search("kiooskk polcyy", 5).suggestions).toEqual(["kiosk policy"]);
    expect(index.search("the", 5).suggestions).toEqual([]);
  });

  it("answers the same after a trip through its serialized form (worker to request thread)", () => {
    const loaded = SearchIndex.load(JSON.parse(JSON.stringify(index.serialize())));
    for (const q of ["kisok", "transfer policy", "kio"]) expect(loaded.search(q, 10)).toEqual(index.search(q, 10));
  });
});

describe("SearchIndex ranking with page descriptions", () => {
  /** Pages as the catalogue gives them, with their frontmatter descriptions; "Sui" is in nearly every section. */
  const DESCRIBED: Array<[id: string, title: string, description: string, body: string]> = [
    [
      "guides/staking",
      "Staking and Unstaking",
      "Stake SUI with a validator and withdraw it again.",
      "Both are Sui transactions.\n\n## Stake SUI\n\nRun the stake command of Sui.\n\n## Withdraw\n\nSui returns the principal.",
    ],
    [
      "concepts/pools",
      "Staking Pools",
      "How each Sui pool counts rewards.",
      "Every Sui validator runs a pool.\n\n## Choosing a validator\n\nSui stake goes to the validator you pick.",
    ],
    [
      "concepts/proof-of-stake",
      "Proof of Stake",
      "How Sui picks its committee.",
      "Sui weighs votes.\n\n## Stake decides who validates\n\nSui validates with a quorum of stake.",
    ],
    ["concepts/gas", "Gas in Sui", "What Sui transactions pay for.", "Every Sui transaction pays gas."],
    ["concepts/gas-pricing", "Gas Pricing", "How the price is set each epoch.", "Every Sui epoch sets a gas price."],
    [
      "concepts/dynamic-fields",
      "Dynamic Fields",
      "Attach fields to Sui objects at run time.",
      "## Adding fields\n\nSui adds them with add.",
    ],
    ["guides/sui", "Sui", "The Sui network.", "Sui runs Move.\n\n## Sui nodes\n\nSui nodes run Sui."],
  ];
  const described = SearchIndex.build(DESCRIBED.flatMap(([id, title, description, body]) => pageSections(id, title, body, description)));

  it.each([
    // The page whose description says it does what the query asks, over pages with the words in a heading.
    ["description", "stake with a validator", "guides/staking"],
    // Of titles holding the query, the one about nothing else ("Sui" is in every section).
    ["title that is all query", "gas", "concepts/gas"],
  ])("%s: %s finds %s first", (_, q, id) => {
    expect(described.search(q, 5).results[0]?.id).toBe(id);
  });

  it("shows the description as the excerpt of an introduction without text", () => {
    const page = described.search("attach fields", 5).results[0]!;
    expect(page.id).toBe("concepts/dynamic-fields");
    expect(page.sections[0]).toMatchObject({ heading: "", excerpt: "Attach fields to Sui objects at run time." });
  });

  it("answers the same after a trip through its serialized form", () => {
    const loaded = SearchIndex.load(JSON.parse(JSON.stringify(described.serialize())));
    for (const q of ["stake with a validator", "gas", "attach fields"]) expect(loaded.search(q, 10)).toEqual(described.search(q, 10));
  });
});
