/**
 * The Porter stemmer (M. F. Porter, "An algorithm for suffix stripping", 1980), as in its
 * reference implementation: "upgrades", "upgrading" and "upgraded" all become "upgrad", so a
 * reader's word form finds the page's. Written here, compactly, because no stemmer is among the
 * dependencies and the algorithm is small, fixed and well known; Snowball's English stemmer
 * differs from it only in rare words.
 *
 * One rule of Porter's is left out: "-ator" becoming "-ate" ("operator" → "operate" → "oper").
 * Here an agent noun names a role of its own, which a page is about ("validator", "operator"),
 * not the act of its verb: "Stake decides who validates" is no heading about validators.
 */

const isConsonant = (w: string, i: number): boolean => {
  const c = w[i]!;
  if ("aeiou".includes(c)) return false;
  return c === "y" ? i === 0 || !isConsonant(w, i - 1) : true;
};

/** m in [C](VC)^m[V]: how many vowel-consonant runs the stem has. */
function measure(stem: string): number {
  let m = 0;
  let i = 0;
  const n = stem.length;
  while (i < n && isConsonant(stem, i)) i++;
  while (i < n) {
    while (i < n && !isConsonant(stem, i)) i++;
    if (i >= n) break;
    m++;
    while (i < n && isConsonant(stem, i)) i++;
  }
  return m;
}

const hasVowel = (stem: string) => [...stem].some((_, i) => !isConsonant(stem, i));
const endsDoubleConsonant = (w: string) => w.length > 1 && w.at(-1) === w.at(-2) && isConsonant(w, w.length - 1);
/** Ends consonant-vowel-consonant, the last not w, x or y ("hop", not "snow"). */
const endsCvc = (w: string) =>
  w.length > 2 &&
  isConsonant(w, w.length - 1) &&
  !isConsonant(w, w.length - 2) &&
  isConsonant(w, w.length - 3) &&
  !"wxy".includes(w.at(-1)!);

/** Replaces the first of `rules` whose suffix ends `word`, when the stem before it has a measure above `min`. */
function replaceSuffix(word: string, rules: ReadonlyArray<readonly [string, string]>, min: number): string {
  for (const [suffix, replacement] of rules) {
    if (word.endsWith(suffix)) {
      const stem = word.slice(0, -suffix.length);
      return measure(stem) > min ? stem + replacement : word;
    }
  }
  return word;
}

const STEP2: Array<[string, string]> = [
  ["ational", "ate"],
  ["tional", "tion"],
  ["enci", "ence"],
  ["anci", "ance"],
  ["izer", "ize"],
  ["bli", "ble"],
  ["alli", "al"],
  ["entli", "ent"],
  ["eli", "e"],
  ["ousli", "ous"],
  ["ization", "ize"],
  ["ation", "ate"],
  ["alism", "al"],
  ["iveness", "ive"],
  ["fulness", "ful"],
  ["ousness", "ous"],
  ["aliti", "al"],
  ["iviti", "ive"],
  ["biliti", "ble"],
  ["logi", "log"],
];
const STEP3: Array<[string, string]> = [
  ["icate", "ic"],
  ["ative", ""],
  ["alize", "al"],
  ["iciti", "ic"],
  ["ical", "ic"],
  ["ful", ""],
  ["ness", ""],
];
const STEP4 = [
  "al",
  "ance",
  "ence",
  "er",
  "ic",
  "able",
  "ible",
  "ant",
  "ement",
  "ment",
  "ent",
  "ion",
  "ou",
  "ism",
  "ate",
  "iti",
  "ous",
  "ive",
  "ize",
];

/** Stems already computed: a site has some ten thousand words, and every query and excerpt asks for the same ones again. */
const known = new Map<string, string>();
const KNOWN_MAX = 50_000;

/** The stem of a lower-case word; words of two letters or fewer, and words with digits or non-letters, are left as they are. */
export function stem(word: string): string {
  let stemmed = known.get(word);
  if (stemmed === undefined) {
    if (known.size >= KNOWN_MAX) known.clear();
    stemmed = porter(word);
    known.set(word, stemmed);
  }
  return stemmed;
}

function porter(word: string): string {
  if (word.length <= 2 || !/^[a-z]+$/.test(word)) return word;
  let w = word;
  // Step 1a: plurals.
  if (w.endsWith("sses") || w.endsWith("ies")) w = w.slice(0, -2);
  else if (w.endsWith("s") && !w.endsWith("ss")) w = w.slice(0, -1);
  // Step 1b: -eed, -ed, -ing.
  let tidy = false;
  if (w.endsWith("eed")) {
    if (measure(w.slice(0, -3)) > 0) w = w.slice(0, -1);
  } else if (w.endsWith("ed") && hasVowel(w.slice(0, -2))) {
    w = w.slice(0, -2);
    tidy = true;
  } else if (w.endsWith("ing") && hasVowel(w.slice(0, -3))) {
    w = w.slice(0, -3);
    tidy = true;
  }
  if (tidy) {
    if (w.endsWith("at") || w.endsWith("bl") || w.endsWith("iz")) w += "e";
    else if (endsDoubleConsonant(w) && !"lsz".includes(w.at(-1)!)) w = w.slice(0, -1);
    else if (measure(w) === 1 && endsCvc(w)) w += "e";
  }
  // Step 1c: y to i after a vowel in the stem.
  if (w.endsWith("y") && hasVowel(w.slice(0, -1))) w = w.slice(0, -1) + "i";
  w = replaceSuffix(w, STEP2, 0);
  w = replaceSuffix(w, STEP3, 0);
  // Step 4: suffixes dropped from long stems; -ion only after s or t.
  for (const suffix of STEP4) {
    if (!w.endsWith(suffix)) continue;
    const s = w.slice(0, -suffix.length);
    if (measure(s) > 1 && (suffix !== "ion" || s.endsWith("s") || s.endsWith("t"))) w = s;
    break;
  }
  // Step 5: a final e, and a double l.
  if (w.endsWith("e")) {
    const s = w.slice(0, -1);
    const m = measure(s);
    if (m > 1 || (m === 1 && !endsCvc(s))) w = s;
  }
  if (w.endsWith("ll") && measure(w) > 1) w = w.slice(0, -1);
  return w;
}
