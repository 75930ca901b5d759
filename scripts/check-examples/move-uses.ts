/** What `use` declarations bring into scope: module aliases and function (member) aliases, as full paths. */
export interface MoveScope {
  /** alias -> "address::module", e.g. coin -> sui::coin */
  modules: Map<string, string>;
  /** alias -> "address::module::member", e.g. mint -> sui::coin::mint */
  members: Map<string, string>;
}

/** Aliases every Move 2024 module on Sui has without writing them. */
const IMPLICIT_USES = [
  "use std::vector;",
  "use std::option::{Self, Option};",
  "use sui::object::{Self, ID, UID};",
  "use sui::transfer;",
  "use sui::tx_context::{Self, TxContext};",
];

export function implicitScope(): MoveScope {
  const scope: MoveScope = { modules: new Map(), members: new Map() };
  for (const use of IMPLICIT_USES) addUse(scope, use);
  return scope;
}

/**
 * Adds one `use` declaration's text to a scope. Handles `use a::m;`, `use a::m as x;`,
 * `use a::m::f;`, `use a::m::{Self, f as g, T};` and `use a::{m::{Self, f}, n};`.
 * `use fun` (method aliases) is ignored: method calls are not resolved.
 */
export function addUse(scope: MoveScope, text: string): void {
  const body = text
    .replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*(?:public\s+)?use\s+/, "")
    .replace(/;\s*$/, "")
    .trim();
  if (/^fun\b/.test(body)) return;
  const tokens = body.match(/::|[{},]|[A-Za-z_][\w]*|0x[0-9A-Fa-f]+|\d+/g) ?? [];
  let position = 0;
  const leaves: Array<{ path: string[]; alias?: string }> = [];
  const item = (prefix: string[]): void => {
    const path = [...prefix];
    while (position < tokens.length) {
      const token = tokens[position]!;
      if (token === "{") {
        position++;
        while (position < tokens.length && tokens[position] !== "}") {
          item(path);
          if (tokens[position] === ",") position++;
        }
        position++;
        return;
      }
      if (token === "::") {
        position++;
        continue;
      }
      if (token === "," || token === "}") break;
      if (token === "as") {
        leaves.push({ path, alias: tokens[position + 1] });
        position += 2;
        return;
      }
      path.push(token);
      position++;
    }
    leaves.push({ path });
  };
  item([]);
  for (const { path, alias } of leaves) {
    if (path.length === 2) scope.modules.set(alias ?? path[1]!, path.join("::"));
    else if (path.length === 3 && path[2] === "Self") scope.modules.set(alias ?? path[1]!, path.slice(0, 2).join("::"));
    else if (path.length === 3) scope.members.set(alias ?? path[2]!, path.join("::"));
  }
}
