import path from "node:path";
import ts from "typescript";
import type { CodeBlock } from "./blocks";
import type { Failure } from "./failure";
import { TS_LANGS } from "./languages";

/** A fragment's declared context: content/preambles/<name>.ts. */
export interface Preamble {
  file: string;
  text: string;
}

/**
 * The examples' compiler settings: what a reader's fresh ESM project with `strict` gets. Every
 * block is a module (moduleDetection force), so top-level await works and blocks never share
 * globals; library .d.ts files are trusted (skipLibCheck) because we check our code, not theirs.
 */
const OPTIONS: ts.CompilerOptions = {
  strict: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  moduleDetection: ts.ModuleDetectionKind.Force,
  jsx: ts.JsxEmit.ReactJSX,
  lib: ["lib.es2023.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
  types: ["node"],
  allowJs: true,
  checkJs: true,
  esModuleInterop: true,
  resolveJsonModule: true,
  skipLibCheck: true,
  noEmit: true,
};

interface VirtualFile {
  block: CodeBlock;
  preamble?: Preamble;
  /** Lines the preamble adds before the block's first line. */
  offset: number;
  text: string;
}

/**
 * Type-checks every TypeScript/TSX/JS block as a virtual file of one Program (one Program over
 * all blocks shares the parsed @mysten .d.ts files: seconds instead of minutes). Blocks of a page
 * that carry a file title (`title="src/constants.ts"`) can import each other by that path.
 * `root` is the directory whose node_modules holds the pinned packages.
 */
export function checkTypeScript(blocks: CodeBlock[], preambles: ReadonlyMap<string, Preamble>, root: string): Failure[] {
  const failures: Failure[] = [];
  const files = new Map<string, VirtualFile>();
  for (const block of blocks) {
    const lang = TS_LANGS[block.lang];
    if (!lang) continue;
    const preambleName = block.meta.preamble;
    let preamble: Preamble | undefined;
    if (preambleName !== undefined) {
      preamble = preambles.get(preambleName);
      if (!preamble) {
        failures.push({
          check: "typescript",
          file: block.file,
          line: block.fenceLine,
          reason: `preamble "${preambleName}" does not exist: add content/preambles/${preambleName}.ts or name an existing one (${[...preambles.keys()].join(", ") || "none yet"})`,
        });
        continue;
      }
    }
    const prefix = preamble ? `${preamble.text.replace(/\n+$/, "")}\n` : "";
    files.set(virtualPath(root, block, lang, files), {
      block,
      preamble,
      offset: prefix === "" ? 0 : prefix.split("\n").length - 1,
      text: prefix + block.code + "\n",
    });
  }
  if (files.size === 0) return failures;

  const host = ts.createCompilerHost(OPTIONS, true);
  const realGetSourceFile = host.getSourceFile.bind(host);
  const realFileExists = host.fileExists.bind(host);
  const realReadFile = host.readFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const virtual = files.get(path.resolve(fileName));
    return virtual ? ts.createSourceFile(fileName, virtual.text, languageVersion, true) : realGetSourceFile(fileName, languageVersion, onError, shouldCreate);
  };
  host.fileExists = (fileName) => files.has(path.resolve(fileName)) || realFileExists(fileName);
  host.readFile = (fileName) => files.get(path.resolve(fileName))?.text ?? realReadFile(fileName);

  const program = ts.createProgram({ rootNames: [...files.keys()], options: OPTIONS, host });
  for (const diagnostic of program.getOptionsDiagnostics().concat(program.getGlobalDiagnostics())) {
    failures.push({ check: "typescript", file: "(compiler)", line: 0, reason: flatten(diagnostic) });
  }
  const seen = new Set<string>();
  for (const [fileName, virtual] of files) {
    const sourceFile = program.getSourceFile(fileName);
    if (!sourceFile) continue;
    const diagnostics = [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)];
    for (const diagnostic of diagnostics) {
      const at = diagnostic.start === undefined ? 0 : sourceFile.getLineAndCharacterOfPosition(diagnostic.start).line;
      const inPreamble = virtual.preamble && at < virtual.offset;
      const failure: Failure = inPreamble
        ? { check: "typescript", file: virtual.preamble!.file, line: at + 1, reason: `TS${diagnostic.code}: ${flatten(diagnostic)}` }
        : { check: "typescript", file: virtual.block.file, line: virtual.block.line + at - virtual.offset, reason: `TS${diagnostic.code}: ${flatten(diagnostic)}` };
      const key = `${failure.file}:${failure.line}:${failure.reason}`;
      if (!seen.has(key)) failures.push(failure);
      seen.add(key);
    }
  }
  return failures;
}

function flatten(diagnostic: ts.Diagnostic): string {
  return ts.flattenDiagnosticMessageText(diagnostic.messageText, " ").replace(/\s+/g, " ");
}

/**
 * Where a block lives in the virtual tree: beside its page, under its title when the title is a
 * source path (so `./constants` finds the block titled src/constants.ts), else under its line.
 */
function virtualPath(root: string, block: CodeBlock, ext: "ts" | "tsx" | "js", taken: ReadonlyMap<string, unknown>): string {
  const pageDir = path.join(root, ".examples", block.file.replace(/\.mdx$/, ""));
  const title = block.meta.title;
  if (title && /^[\w@-][\w@./-]*\.(?:[cm]?[jt]sx?)$/.test(title) && !title.split("/").includes("..")) {
    const candidate = path.join(pageDir, `${title.replace(/\.[^.]+$/, "")}.${ext}`);
    if (!taken.has(candidate)) return candidate;
  }
  return path.join(pageDir, `block-${block.line}.${ext}`);
}
