import type Parser from "web-tree-sitter";
import type { CodeBlock } from "./blocks";
import type { FrameworkFacts } from "./facts";
import type { Failure } from "./failure";
import { MOVE_LANGS } from "./languages";
import { callProblem, resolveCall, type MoveCall } from "./move-calls";
import { firstSyntaxError, moveParser } from "./move-parser";
import { addUse, implicitScope, type MoveScope } from "./move-uses";

/** A block whose first code (after comments and attributes) is `module` is a whole module. */
export function isWholeModule(code: string): boolean {
  const stripped = code.replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\/|#\[[^\]]*\]/g, "").trimStart();
  return /^module\s/.test(stripped);
}

/**
 * Move blocks: whole modules must parse (move-parse); every framework function any block calls
 * must exist at the pinned Sui, be public and not deprecated (move-calls). A fragment (a
 * function, a few statements) is parsed inside a synthetic module or function so its calls and
 * `use` lines are still found; only whole modules are held to parsing cleanly. `suiOf` gives the
 * sui version a page's verified_with declares, which decides whether it may call functions newer
 * than the pin.
 */
export async function checkMove(
  blocks: CodeBlock[],
  facts: FrameworkFacts,
  suiOf: (file: string) => string | undefined,
): Promise<Failure[]> {
  const parser = await moveParser();
  const failures: Failure[] = [];
  for (const block of blocks) {
    if (!MOVE_LANGS.has(block.lang)) continue;
    const { tree, offset } = parseBlock(parser, block.code);
    if (isWholeModule(block.code)) {
      const error = firstSyntaxError(tree.rootNode);
      if (error)
        failures.push({
          check: "move-parse",
          file: block.file,
          line: block.line + error.startPosition.row - offset,
          reason: describeSyntaxError(error),
        });
    }
    const sui = suiOf(block.file);
    const scope = implicitScope();
    // A module's own name refers to itself (`module shop::transfer` calling `transfer::f`).
    for (const module of tree.rootNode.descendantsOfType("module_definition")) {
      const identity = module.childForFieldName("module_identity")?.text.replace(/\s+/g, "");
      if (identity) scope.modules.set(identity.split("::").pop()!, identity);
    }
    for (const use of tree.rootNode.descendantsOfType("use_declaration")) addUse(scope, use.text);
    for (const { call, row } of callsIn(tree.rootNode)) {
      const full = resolveCall(call, scope, facts);
      const problem = full && callProblem(call, full, facts, sui);
      if (problem)
        failures.push({ check: "move-calls", file: block.file, line: block.line + row - offset, reason: `${call.callee}: ${problem}` });
    }
    for (const { method, module, row } of methodCallsIn(tree.rootNode, scope)) {
      const call = { callee: `${module}::${method}`, macro: false };
      const full = resolveCall(call, scope, facts);
      // A method missing from its type's module may be a `use fun` alias declared elsewhere: only judge what exists.
      const problem = full && facts.functions[full] && callProblem(call, full, facts, sui);
      if (problem)
        failures.push({ check: "move-calls", file: block.file, line: block.line + row - offset, reason: `.${method}(): ${problem}` });
    }
    tree.delete();
  }
  return failures;
}

/** Parses a block as written if it parses, else wrapped as a module body, else as a function body. */
function parseBlock(parser: Parser, code: string): { tree: Parser.Tree; offset: number } {
  const attempts = [
    { text: code, offset: 0 },
    { text: `module example::example {\n${code}\n}`, offset: 1 },
    { text: `module example::example { fun example() {\n${code}\n} }`, offset: 1 },
  ];
  let last: { tree: Parser.Tree; offset: number } | undefined;
  for (const attempt of isWholeModule(code) ? attempts.slice(0, 1) : attempts) {
    last?.tree.delete();
    last = { tree: parser.parse(attempt.text), offset: attempt.offset };
    if (!last.tree.rootNode.hasError()) break;
  }
  return last!;
}

function describeSyntaxError(node: Parser.SyntaxNode): string {
  if (node.isMissing()) return `Move syntax error: missing ${node.type}`;
  const text = node.text.replace(/\s+/g, " ").slice(0, 60);
  return `Move syntax error at "${text}"`;
}

/** Function and macro calls by path; method calls (`x.f()`) are left to methodCallsIn. */
function callsIn(root: Parser.SyntaxNode): Array<{ call: MoveCall; row: number }> {
  const calls: Array<{ call: MoveCall; row: number }> = [];
  for (const node of root.descendantsOfType(["call_expression", "macro_call_expression"])) {
    if (node.parent?.type === "dot_expression" && node.parent.childForFieldName("access")?.equals(node)) continue;
    const access = node.type === "call_expression" ? node.namedChildren[0] : node.childForFieldName("access");
    if (!access) continue;
    const callee = access.text
      .replace(/<[\s\S]*$/, "")
      .replace(/!\s*$/, "")
      .replace(/\s+/g, "");
    calls.push({ call: { callee, macro: node.type === "macro_call_expression" }, row: node.startPosition.row });
  }
  return calls;
}

/**
 * Method calls on a function's parameters, whose types the signature states
 * (`fun f(map: &VecMap<K, V>) { map.size() }` calls `sui::vec_map::size`): the module of a method
 * is the module that defines the receiver's type. Receivers of any other kind (locals, fields,
 * call results) have types only a compiler knows and are not resolved.
 */
function methodCallsIn(root: Parser.SyntaxNode, scope: MoveScope): Array<{ method: string; module: string; row: number }> {
  const calls: Array<{ method: string; module: string; row: number }> = [];
  for (const fn of root.descendantsOfType(["function_definition", "macro_function_definition"])) {
    const modules = new Map<string, string>();
    for (const parameter of fn.descendantsOfType("function_parameter")) {
      const name = parameter.childForFieldName("name")?.text;
      const type = parameter.childForFieldName("type")?.text;
      const module = type && moduleOfType(type, scope);
      if (name && module) modules.set(name, module);
    }
    for (const dot of fn.descendantsOfType("dot_expression")) {
      const receiver = dot.childForFieldName("expr");
      const access = dot.childForFieldName("access");
      if (receiver?.type !== "name_expression" || access?.type !== "call_expression") continue;
      const module = modules.get(receiver.text.trim());
      const method = access.namedChildren[0]?.text.replace(/<[\s\S]*$/, "").trim();
      if (module && method && /^\w+$/.test(method)) calls.push({ method, module, row: access.startPosition.row });
    }
  }
  return calls;
}

/** The module that defines a type as written in a signature (`&mut Coin<T>`, `coin::Coin<T>`, `sui::coin::Coin<T>`). */
function moduleOfType(type: string, scope: MoveScope): string | undefined {
  const parts = type
    .replace(/^&\s*(?:mut\s+)?/, "")
    .replace(/<[\s\S]*$/, "")
    .trim()
    .split("::");
  if (parts.length === 1) return scope.members.get(parts[0]!)?.split("::").slice(0, 2).join("::");
  if (parts.length === 2) return scope.modules.get(parts[0]!);
  return parts.length === 3 ? parts.slice(0, 2).join("::") : undefined;
}
