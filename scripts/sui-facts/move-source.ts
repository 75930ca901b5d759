import type { FunctionFact } from "../check-examples/facts";
import { closingBracket, stripComments } from "./source-text";

/** A function declared in a Move source file, as the example checker's facts describe it. */
export interface MoveFunction {
  /** "module::function" within its package, e.g. "coin::mint". */
  name: string;
  fact: FunctionFact;
  /** Declared `#[test_only]` in a module that is not: callable from tests only. */
  testOnly: boolean;
  /** Declared in a `#[test_only]` module such as `sui::test_scenario` (the module exists for tests). */
  testOnlyModule: boolean;
}

const ALL_BRACKETS: Record<string, string> = { "(": ")", "<": ">", "[": "]", "{": "}" };

const matchBracket = (text: string, open: number, pairs = ALL_BRACKETS): number => closingBracket(text, open, { pairs });

/** Splits a parameter list at top-level commas (not inside <>, (), [] or a lambda type's |...|). */
export function splitParams(list: string): string[] {
  const params: string[] = [];
  let depth = 0;
  let inBars = false;
  let current = "";
  for (let i = 0; i < list.length; i++) {
    const c = list[i]!;
    if (c === "-" && list[i + 1] === ">") {
      current += "->";
      i++;
      continue;
    }
    if ("(<[{".includes(c)) depth++;
    else if (")>]}".includes(c)) depth--;
    else if (c === "|") inBars = !inBars;
    if (c === "," && depth === 0 && !inBars) {
      params.push(current);
      current = "";
    } else current += c;
  }
  params.push(current);
  return params.map((param) => param.replace(/\s+/g, " ").trim()).filter((param) => param.length > 0);
}

/** Attributes (`#[...]`) written before offset `end`, innermost last, with only whitespace between them. */
function attributesBefore(text: string, end: number): string[] {
  const attributes: string[] = [];
  let i = end;
  for (;;) {
    while (i > 0 && /\s/.test(text[i - 1]!)) i--;
    if (text[i - 1] !== "]") return attributes;
    // Walk back to the `#[` that opens this attribute.
    let depth = 0;
    let j = i - 1;
    for (; j >= 0; j--) {
      if (text[j] === "]") depth++;
      else if (text[j] === "[") {
        depth--;
        if (depth === 0) break;
      }
    }
    if (j <= 0 || text[j - 1] !== "#") return attributes;
    attributes.unshift(text.slice(j + 1, i - 1));
    i = j - 1;
  }
}

const isTestAttribute = (attribute: string) => /(?:^|,)\s*(test_only|test|random_test)\b/.test(attribute);
const isUnitTest = (attribute: string) => /(?:^|,)\s*(test|random_test)\b/.test(attribute);

/** A deprecated function's note (a stand-in when the attribute has none), or undefined when it is not deprecated. */
function deprecation(attributes: string[]): string | undefined {
  for (const attribute of attributes) {
    if (!/(?:^|,)\s*deprecated\b/.test(attribute)) continue;
    const note = /\bdeprecated\s*\(\s*note\s*=\s*b?"((?:[^"\\]|\\.)*)"/.exec(attribute);
    return note ? note[1]! : "marked #[deprecated] upstream (no note)";
  }
  return undefined;
}

/**
 * Every function of a Move source file but unit tests (`#[test]`), with its visibility
 * ("public" for `public` and `public entry`, "package" for `public(package)`/`public(friend)`,
 * "entry" for a bare `entry`, else "private"), whether it is a macro, its deprecation note and
 * its parameters as written.
 */
export function moveFunctions(source: string, expectedAddress: string): MoveFunction[] {
  const text = stripComments(source);
  const functions: MoveFunction[] = [];
  const modulePattern = /\bmodule\s+([A-Za-z_][\w]*|0x[0-9a-fA-F]+)::(\w+)\s*([;{])/g;
  const modules = [...text.matchAll(modulePattern)];
  modules.forEach((module, index) => {
    const [, address, name, opener] = module;
    if (address !== expectedAddress) return;
    const testOnlyModule = attributesBefore(text, module.index).some(isTestAttribute);
    const start = module.index + module[0].length;
    const end = opener === "{" ? matchBracket(text, start - 1, { "{": "}" }) : (modules[index + 1]?.index ?? text.length);
    const body = text.slice(start, end);
    for (const declaration of body.matchAll(/\bfun\s+(\w+)\s*([<(])/g)) {
      const before = body.slice(0, declaration.index);
      if (/\buse\s*$/.test(before)) continue; // `use fun f as T.m;` is an alias, not a declaration
      const modifiers = /((?:\b(?:public(?:\s*\(\s*(?:package|friend)\s*\))?|entry|native|macro)\s+)*)$/.exec(before)![1]!;
      const attributes = attributesBefore(body, declaration.index - modifiers.length);
      if (attributes.some(isUnitTest)) continue;
      let paramsOpen = declaration.index + declaration[0].length - 1;
      if (declaration[2] === "<") paramsOpen = body.indexOf("(", matchBracket(body, paramsOpen));
      const paramsClose = matchBracket(body, paramsOpen);
      const fact: FunctionFact = { visibility: visibilityOf(modifiers) };
      if (/\bmacro\b/.test(modifiers)) fact.macro = true;
      const note = deprecation(attributes);
      if (note !== undefined) fact.deprecated = note;
      fact.params = splitParams(body.slice(paramsOpen + 1, paramsClose - 1));
      functions.push({ name: `${name}::${declaration[1]}`, fact, testOnly: attributes.some(isTestAttribute), testOnlyModule });
    }
  });
  return functions;
}

function visibilityOf(modifiers: string): FunctionFact["visibility"] {
  if (/\bpublic\s*\(\s*(package|friend)\s*\)/.test(modifiers)) return "package";
  if (/\bpublic\b/.test(modifiers)) return "public";
  if (/\bentry\b/.test(modifiers)) return "entry";
  return "private";
}
