import type Parser from "web-tree-sitter";
import type { CodeBlock } from "./blocks";
import type { FrameworkFacts } from "./facts";
import type { Failure } from "./failure";
import { MOVE_LANGS } from "./languages";
import { callProblem, resolveCall, type MoveCall } from "./move-calls";
import { firstSyntaxError, moveParser } from "./move-parser";
import { addUse, implicitScope } from "./move-uses";

/** A block whose first code (after comments and attributes) is `module` is a whole module. */
export function isWholeModule(code: string): boolean {
  const stripped = code.replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\/|#\[[^\]]*\]/g, "").trimStart();
  return /^module\s/.test(stripped);
}

/**
 * Move blocks: whole modules must parse (move-parse); every framework function any block calls
 * must exist at the pinned Sui, be public and not deprecated (move-calls). A fragment (a
 * function, a few statements) is parsed inside a synthetic module or function so its calls and
 * `use` lines are still found; only whole modules are held to parsing cleanly.
 */
export async function checkMove(blocks: CodeBlock[], facts: FrameworkFacts): Promise<Failure[]> {
  const parser = await moveParser();
  const failures: Failure[] = [];
  for (const block of blocks) {
    if (!MOVE_LANGS.has(block.lang)) continue;
    const { tree, offset } = parseBlock(parser, block.code);
    if (isWholeModule(block.code)) {
      const error = firstSyntaxError(tree.rootNode);
      if (error) failures.push({ check: "move-parse", file: block.file, line: block.line + error.startPosition.row - offset, reason: describeSyntaxError(error) });
    }
    const scope = implicitScope();
    for (const use of tree.rootNode.descendantsOfType("use_declaration")) addUse(scope, use.text);
    for (const { call, row } of callsIn(tree.rootNode)) {
      const full = resolveCall(call, scope, facts);
      const problem = full && callProblem(call, full, facts);
      if (problem) failures.push({ check: "move-calls", file: block.file, line: block.line + row - offset, reason: `${call.callee}: ${problem}` });
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

/** Function and macro calls by path; method calls (`x.f()`) are not resolved: their receiver's type is unknown here. */
function callsIn(root: Parser.SyntaxNode): Array<{ call: MoveCall; row: number }> {
  const calls: Array<{ call: MoveCall; row: number }> = [];
  for (const node of root.descendantsOfType(["call_expression", "macro_call_expression"])) {
    if (node.parent?.type === "dot_expression" && node.parent.childForFieldName("access")?.equals(node)) continue;
    const access = node.type === "call_expression" ? node.namedChildren[0] : node.childForFieldName("access");
    if (!access) continue;
    const callee = access.text.replace(/<[\s\S]*$/, "").replace(/!\s*$/, "").replace(/\s+/g, "");
    calls.push({ call: { callee, macro: node.type === "macro_call_expression" }, row: node.startPosition.row });
  }
  return calls;
}
