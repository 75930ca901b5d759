import type { CodeBlock } from "./blocks";
import type { CliFacts, FrameworkFacts } from "./facts";
import type { Failure } from "./failure";
import { SHELL_LANGS } from "./languages";
import { callProblem, resolveCall } from "./move-calls";
import { implicitScope } from "./move-uses";
import { commandWords, shellCommands, type Word } from "./shell-words";

/**
 * Every `sui ...` invocation in a shell block names an existing command and existing flags, and
 * a `sui client ptb --move-call` of a framework function (`0x2::coin::value`, `sui::coin::value`)
 * names one that exists, is public, is not deprecated and is not newer than the page's declared
 * sui version (`suiOf`).
 */
export function checkShell(
  blocks: CodeBlock[],
  cli: CliFacts,
  framework: FrameworkFacts,
  suiOf: (file: string) => string | undefined,
): Failure[] {
  const failures: Failure[] = [];
  for (const block of blocks) {
    if (!SHELL_LANGS.has(block.lang)) continue;
    for (const command of shellCommands(block.code)) {
      const words = commandWords(command);
      if (!isSui(words[0])) continue;
      for (const problem of [...suiInvocationProblems(words.slice(1), cli), ...moveCallProblems(words, framework, suiOf(block.file))]) {
        failures.push({ check: "shell", file: block.file, line: block.line + problem.row, reason: problem.reason });
      }
    }
  }
  return failures;
}

/** `sui`, or a path to it (./target/release/sui, ~/.cargo/bin/sui). */
export function isSui(word: Word | undefined): boolean {
  return !!word && !word.dynamic && /(?:^|\/)sui$/.test(word.text);
}

const PLACEHOLDER = /^<.*>$|^\[.*\]$|^\.\.\.$/;

/**
 * Walks the command tree with the words after `sui`: words that name a subcommand descend, a
 * word where a subcommand is required but none matches is an error, and every `-x`/`--flag`
 * must belong to the command or one of its parents (clap's global flags are declared on the
 * parent: accepting the parents' flags errs on the lenient side). Flag values are not checked.
 */
export function suiInvocationProblems(args: Word[], cli: CliFacts): Array<{ row: number; reason: string }> {
  const problems: Array<{ row: number; reason: string }> = [];
  const path = ["sui"];
  const allowed = new Set([...cli.alwaysAccepted, ...(cli.commands.sui?.flags ?? [])]);
  let previousWasFlag = false;
  let positionalSeen = false;
  for (const word of args) {
    const text = word.text;
    const here = cli.commands[path.join(" ")];
    if (text === "--") break;
    if (text.startsWith("-") && !/^-\d/.test(text) && !word.dynamic) {
      const flag = text.split("=")[0]!;
      const shortCluster = !flag.startsWith("--") && flag.length > 2;
      if (!shortCluster && !allowed.has(flag) && !cli.flagsUnknown.commands.includes(path.join(" "))) {
        problems.push({ row: word.row, reason: `\`${path.join(" ")}\` has no flag ${flag}` });
      }
      previousWasFlag = !text.includes("=");
      continue;
    }
    const wantsSubcommand = !!here && here.subcommands.length > 0 && !positionalSeen;
    if (wantsSubcommand && here.subcommands.includes(text)) {
      path.push(text);
      for (const flag of cli.commands[path.join(" ")]?.flags ?? []) allowed.add(flag);
      previousWasFlag = false;
      continue;
    }
    if (wantsSubcommand && !previousWasFlag && !word.dynamic && !PLACEHOLDER.test(text) && text !== "help") {
      problems.push({
        row: word.row,
        reason: `\`${path.join(" ")} ${text}\` is not a command; \`${path.join(" ")}\` has: ${here.subcommands.join(", ")}`,
      });
      break;
    }
    if (!previousWasFlag) positionalSeen = true;
    previousWasFlag = false;
  }
  return problems;
}

/**
 * Framework functions a command calls: `--move-call` targets of `sui client ptb`, and
 * `sui client call --package 0x2 --module coin --function value`. Targets in the example's own
 * packages (`$PACKAGE_ID::shop::buy`) are not resolved. `sui` is the page's declared sui version.
 */
export function moveCallProblems(words: Word[], framework: FrameworkFacts, sui?: string): Array<{ row: number; reason: string }> {
  const problems: Array<{ row: number; reason: string }> = [];
  const check = (callee: string, row: number) => {
    const call = { callee: callee.replace(/<[\s\S]*$/, ""), macro: false };
    const full = call.callee.split("::").length === 3 ? resolveCall(call, implicitScope(), framework) : undefined;
    const problem = full && callProblem(call, full, framework, sui, "transaction");
    if (problem) problems.push({ row, reason: `${call.callee}: ${problem}` });
  };
  const valueOf = (flag: string) => words[words.findIndex((word) => word.text === flag) + 1];
  words.forEach((word, index) => {
    const target = words[index + 1];
    if (word.text === "--move-call" && target) check(target.text, target.row);
  });
  const [packageId, module, fn] = [valueOf("--package"), valueOf("--module"), valueOf("--function")];
  if (words[1]?.text === "client" && words[2]?.text === "call" && packageId && module && fn) {
    check(`${packageId.text}::${module.text}::${fn.text}`, fn.row);
  }
  return problems;
}
